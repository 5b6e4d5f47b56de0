import type { DashboardSummary } from "@watchfloor/shared";
import { AlarmClock, BellRing, CheckCheck, Clock, Inbox, ShieldAlert, Siren, Timer } from "lucide-react";
import { describeTrend, formatCount, formatMinutes, formatPercent } from "../lib/format";
import { listLink } from "../lib/links";
import { addDays, type DashboardRange, dayOf } from "../lib/range";
import { KpiCard } from "./kpi-card";

const icon = "size-4";

/** The eight headline figures; each card links to the list of exactly the alerts it counts. */
export function KpiGrid({ summary: s, range, timeZone }: { summary: DashboardSummary; range: DashboardRange; timeZone: string }) {
  // "New in 24 hours" ignores the range; the list filters whole days, so it opens yesterday and today.
  const today = dayOf(Date.now(), timeZone);
  const last24h = { fromDay: addDays(today, -1), toDay: today };
  const critical = s.openByPriority.Critical ?? 0;
  // Without figures for the previous period the hint says so instead of showing an empty trend.
  const compare = (what: string, t: { previous: number | null }) => (t.previous == null ? `${what} · no prior data` : what);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <KpiCard
        testId="kpi-open"
        label="Open alerts"
        value={formatCount(s.open)}
        to={listLink("open", range)}
        hint={`of ${formatCount(s.alerts.current ?? 0)} detected`}
        icon={<Inbox className={icon} />}
        accent="sky"
      />
      <KpiCard
        testId="kpi-open-critical"
        label="Critical open"
        value={formatCount(critical)}
        to={listLink("open", range, { priority: "Critical" })}
        hint={critical ? "Handle these first" : "Nothing critical waiting"}
        icon={<Siren className={icon} />}
        accent={critical ? "red" : "emerald"}
      />
      <KpiCard
        testId="kpi-mtta"
        label="MTTA"
        hint={compare("Mean time to acknowledge", s.mttaMinutes)}
        value={formatMinutes(s.mttaMinutes.current)}
        to={listLink("all", range)}
        trend={describeTrend(s.mttaMinutes, "minutes", "lower")}
        icon={<Timer className={icon} />}
      />
      <KpiCard
        testId="kpi-mttr"
        label="MTTR"
        hint={compare("Mean time to resolve", s.mttrMinutes)}
        value={formatMinutes(s.mttrMinutes.current)}
        to={listLink("closed", range)}
        trend={describeTrend(s.mttrMinutes, "minutes", "lower")}
        icon={<Clock className={icon} />}
      />
      <KpiCard
        testId="kpi-ack-sla"
        label="Ack SLA met"
        hint={compare("Acknowledged in time", s.ackMetPercent)}
        value={formatPercent(s.ackMetPercent.current)}
        to={listLink("all", range, { ackSla: "Met" })}
        trend={describeTrend(s.ackMetPercent, "percent", "higher")}
        icon={<CheckCheck className={icon} />}
        accent="emerald"
      />
      <KpiCard
        testId="kpi-respond-sla"
        label="Respond SLA met"
        hint={compare("Responded in time", s.respondMetPercent)}
        value={formatPercent(s.respondMetPercent.current)}
        to={listLink("all", range, { respondSla: "Met" })}
        trend={describeTrend(s.respondMetPercent, "percent", "higher")}
        icon={<ShieldAlert className={icon} />}
        accent="emerald"
      />
      <KpiCard
        testId="kpi-new-24h"
        label="New in 24 hours"
        hint="Detected since this time yesterday"
        value={formatCount(s.newLast24h)}
        to={listLink("all", last24h)}
        icon={<BellRing className={icon} />}
      />
      <KpiCard
        testId="kpi-breached"
        label="Breached now"
        value={formatCount(s.breachedNow)}
        to={listLink("open", range, { respondSla: "Missed" })}
        hint="Open, past respond time"
        icon={<AlarmClock className={icon} />}
        accent={s.breachedNow ? "amber" : "emerald"}
      />
    </div>
  );
}
