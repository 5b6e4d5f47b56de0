/** "25 min", "3.2 h", "1.5 d": durations at the scale an SLA report reads them. */
export function formatMinutes(value: number | null): string {
  if (value == null) return "—";
  if (value < 60) return `${Math.round(value)} min`;
  if (value < 60 * 24) return `${(value / 60).toFixed(1)} h`;
  return `${(value / 60 / 24).toFixed(1)} d`;
}

export const formatPercent = (value: number | null) => (value == null ? "—" : `${value.toFixed(1)}%`);

export const formatCount = (value: number) => value.toLocaleString("en-US");

export type Trend = { current: number | null; previous: number | null };

export type TrendView = { direction: "up" | "down" | "flat"; good: boolean | null; text: string; spoken: string };

/**
 * How a figure moved against the previous period. Durations compare in percent, shares in
 * percentage points; `better` says which way is good (lower MTTA, higher SLA met).
 */
export function describeTrend(trend: Trend, kind: "minutes" | "percent" | "count", better: "lower" | "higher"): TrendView | null {
  const { current, previous } = trend;
  if (current == null || previous == null) return null;
  const diff = current - previous;
  const direction = Math.abs(diff) < 0.05 ? "flat" : diff > 0 ? "up" : "down";
  const good = direction === "flat" ? null : (direction === "down") === (better === "lower");
  let amount: string;
  if (kind === "percent") amount = `${Math.abs(diff).toFixed(1)} pts`;
  else if (previous === 0) amount = kind === "count" ? `${Math.abs(diff)}` : formatMinutes(Math.abs(diff));
  else amount = `${Math.round((Math.abs(diff) / previous) * 100)}%`;
  const was = kind === "minutes" ? formatMinutes(previous) : kind === "percent" ? formatPercent(previous) : formatCount(previous);
  const text = direction === "flat" ? "no change" : `${direction === "up" ? "+" : "−"}${amount}`;
  const spoken =
    direction === "flat"
      ? `unchanged from the previous period (${was})`
      : `${direction} ${amount} from ${was} in the previous period${good == null ? "" : good ? ", better" : ", worse"}`;
  return { direction, good, text, spoken };
}
