import type { AttackSurfaceSummary } from "@watchfloor/shared";
import { CalendarX2, Globe, Network, ShieldAlert, Sparkles, TimerReset } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { type SurfaceFilters, withFilters } from "../lib/surface-params";

const accents = {
  slate: "before:bg-slate-300 dark:before:bg-slate-600",
  sky: "before:bg-sky-500",
  amber: "before:bg-amber-500",
  red: "before:bg-red-500",
  emerald: "before:bg-emerald-500",
} as const;

/** One headline figure; the card links to the exposures it counts, so its name reads as a sentence. */
function Figure(props: {
  id: string;
  label: string;
  value: number;
  hint: string;
  to: string;
  accent: keyof typeof accents;
  icon: ReactNode;
}) {
  return (
    <Link
      to={props.to}
      data-testid={`surface-figure-${props.id}`}
      className={cn(
        "relative flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white p-3 pl-4 shadow-sm transition hover:border-sky-400 hover:shadow-md sm:p-4 sm:pl-5 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-sky-600",
        "before:absolute before:inset-y-0 before:left-0 before:w-1",
        accents[props.accent],
      )}
    >
      <span className="flex items-start justify-between gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
        <span className="line-clamp-2">{props.label}</span>
        <span aria-hidden className="hidden text-slate-400 sm:inline dark:text-slate-500">
          {props.icon}
        </span>
      </span>
      <span
        data-testid={`surface-figure-${props.id}-value`}
        className="mt-auto pt-2 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-3xl dark:text-white"
      >
        {props.value.toLocaleString("en-US")}
      </span>
      <span className="mt-1 line-clamp-2 text-xs text-slate-600 dark:text-slate-400">{props.hint}</span>
    </Link>
  );
}

const icon = "size-4";

/** The surface at a glance: each figure opens the exposure list filtered to what it counts. */
export function SurfaceFigures({ summary: s }: { summary: AttackSurfaceSummary }) {
  const { preferences } = useCurrentUser();
  const to = (patch: Partial<SurfaceFilters>) => {
    const query = withFilters(new URLSearchParams(), patch).toString();
    return query ? `${paths.attackSurface}?${query}` : paths.attackSurface;
  };
  const since = s.previousScanAt
    ? `Since the scan of ${formatDateTime(s.previousScanAt, preferences, false)}`
    : "The first scan is the baseline";
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6" data-testid="surface-figures">
      <Figure
        id="assets"
        label="External assets"
        value={s.assets}
        hint={`${s.internetFacing.toLocaleString("en-US")} internet-facing`}
        to={to({})}
        accent="sky"
        icon={<Globe className={icon} />}
      />
      <Figure
        id="services"
        label="Open services"
        value={s.openServices}
        hint={s.lastScanAt ? `Last scan ${formatDateTime(s.lastScanAt, preferences)}` : "From vulnerability findings"}
        to={to({ sort: "ports" })}
        accent="slate"
        icon={<Network className={icon} />}
      />
      <Figure
        id="new"
        label="New since last import"
        value={s.newServices}
        hint={since}
        to={to({ newOnly: true })}
        accent={s.newServices ? "amber" : "emerald"}
        icon={<Sparkles className={icon} />}
      />
      <Figure
        id="expiring"
        label="Certificates expiring"
        value={s.certificatesExpiring}
        hint="Within 30 days"
        to={to({ expiringDays: 30, sort: "expiry" })}
        accent={s.certificatesExpiring ? "amber" : "emerald"}
        icon={<TimerReset className={icon} />}
      />
      <Figure
        id="expired"
        label="Expired certificates"
        value={s.certificatesExpired}
        hint={s.certificatesExpired ? "Still presented" : "None presented"}
        to={to({ expiringDays: -1, sort: "expiry" })}
        accent={s.certificatesExpired ? "red" : "emerald"}
        icon={<CalendarX2 className={icon} />}
      />
      <Figure
        id="critical"
        label="Critical and exposed"
        value={s.internetFacingWithCritical}
        hint="Internet-facing with Critical findings"
        to={to({ scope: "internet", sort: "findings" })}
        accent={s.internetFacingWithCritical ? "red" : "emerald"}
        icon={<ShieldAlert className={icon} />}
      />
    </div>
  );
}
