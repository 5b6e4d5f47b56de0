/**
 * How reports write their figures, shared by the server (summaries, PDF, CSV) and the web page,
 * so the screen and the PDF say exactly the same thing.
 */

/** "25 min", "3.2 h", "1.5 d"; a dash when nothing was measured. */
export function formatMinutes(value: number | null | undefined): string {
  if (value == null) return "—";
  if (value < 60) return `${Math.round(value)} min`;
  if (value < 60 * 24) return `${(value / 60).toFixed(1)} h`;
  return `${(value / 60 / 24).toFixed(1)} d`;
}

export const formatPercent = (value: number | null | undefined): string => (value == null ? "—" : `${value.toFixed(1)}%`);

export const formatCount = (value: number): string => value.toLocaleString("en-US");

/** "+12%", "−3", "−4.5 pts", "no change" or "new": how a figure moved against the previous period. */
export function formatChange(
  current: number | null,
  previous: number | null,
  kind: "count" | "minutes" | "percent" | "points" = "count",
): string {
  if (current == null || previous == null) return "—";
  const diff = current - previous;
  if (Math.abs(diff) < 0.05) return "no change";
  const sign = diff > 0 ? "+" : "−";
  if (kind === "percent" || kind === "points") return `${sign}${Math.abs(diff).toFixed(1)} pts`;
  if (previous === 0)
    return kind === "count" ? `${sign}${formatCount(Math.abs(diff))}` : `${sign}${formatMinutes(Math.abs(diff))}`;
  return `${sign}${Math.round((Math.abs(diff) / previous) * 100)}%`;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-21 14:05" in a time zone (UTC when the zone is unknown). */
export function formatInZone(isoInstant: string, timeZone: string, withTime = true): string {
  const key = `${timeZone}|${withTime}`;
  let f = zoneFormatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-GB", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" as const } : {}),
      });
    } catch {
      return formatInZone(isoInstant, "UTC", withTime);
    }
    zoneFormatters.set(key, f);
  }
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return isoInstant;
  const parts = f.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${get("year")}-${get("month")}-${get("day")}`;
  return withTime ? `${day} ${get("hour")}:${get("minute")}` : day;
}

/** "1 alert", "3 alerts". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${n === 1 ? one : many}`;
