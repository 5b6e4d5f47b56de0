import type { Priority } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { type FigureSource, rollupSource } from "../dashboard/dashboard-sources";
import { addFigures, emptyFigures, type Figures } from "../rollups/rollup-window";

/**
 * The period's alert figures for the reports, summed over the tenants: whole quarter hours from
 * the rollups and the edges counted directly, the same source the dashboard reads (a report's
 * figures equal the overview's and the lists' for the same tenants and period).
 */
export async function periodFigures(source: FigureSource, from: number, to: number): Promise<Figures> {
  const total = emptyFigures();
  for (const figures of (await source.figures(from, to)).values()) addFigures(total, figures);
  return total;
}

export const reportSource = (ctx: AppContext, tenantIds: readonly string[]) => rollupSource(ctx, tenantIds, ctx.now());

const suffix = { Critical: "critical", High: "high", Medium: "medium", Low: "low" } as const;

/** Alerts of one priority. */
export function alertsOf(f: Figures, priority: Priority): number {
  if (priority === "Critical") return f.crit;
  if (priority === "High") return f.high;
  return priority === "Medium" ? f.alerts_medium : f.alerts_low;
}

/** A mean time in minutes from a sum of milliseconds over `n` alerts; none without alerts. */
export const meanMinutes = (sum: number, n: number) => (n ? sum / n / 60_000 : null);

/** SLA steps met and missed, and mean times in minutes, of one priority. */
export function priorityFigures(f: Figures, priority: Priority) {
  const p = suffix[priority];
  return {
    alerts: alertsOf(f, priority),
    ackMet: f[`ack_met_${p}`],
    ackMissed: f[`ack_missed_${p}`],
    respondMet: f[`respond_met_${p}`],
    respondMissed: f[`respond_missed_${p}`],
    mttaMinutes: meanMinutes(f[`mtta_sum_${p}`], f[`mtta_n_${p}`]),
    mttrMinutes: meanMinutes(f[`mttr_sum_${p}`], f[`mttr_n_${p}`]),
  };
}
