import { dayToIso } from "@/lib/dates";

/**
 * The overview's time range lives in the URL: `?range=24h|7d|30d|90d` or `?from=YYYY-MM-DD&to=`.
 * Day ranges are whole days in the person's time zone and end with today, computed exactly as
 * the alert list turns its own from/to days into instants, so a figure and the list it links
 * to count the same alerts.
 */
export const presets = [
  { id: "24h", label: "24 hours", days: 0 },
  { id: "7d", label: "7 days", days: 7 },
  { id: "30d", label: "30 days", days: 30 },
  { id: "90d", label: "90 days", days: 90 },
] as const;
export type PresetId = (typeof presets)[number]["id"];
export const defaultPreset: PresetId = "7d";

export type DashboardRange = {
  preset: PresetId | "custom";
  /** Instants for the API. */
  from: string;
  to: string;
  /** Days for the alert list's from/to params. */
  fromDay: string;
  toDay: string;
  label: string;
};

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const HOUR = 3_600_000;

/** "YYYY-MM-DD" of an instant in a time zone (en-CA formats dates that way). */
export function dayOf(instant: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  } catch {
    return new Date(instant).toISOString().slice(0, 10);
  }
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n)).toISOString().slice(0, 10);
}

export function parseRange(params: URLSearchParams, timeZone: string, now = Date.now()): DashboardRange {
  const fromParam = params.get("from") ?? "";
  const toParam = params.get("to") ?? "";
  const today = dayOf(now, timeZone);
  if (dayPattern.test(fromParam) && dayPattern.test(toParam) && fromParam <= toParam) {
    const from = dayToIso(fromParam, timeZone);
    const to = dayToIso(toParam, timeZone, true);
    if (from && to)
      return { preset: "custom", from, to, fromDay: fromParam, toDay: toParam, label: `${fromParam} to ${toParam}` };
  }
  const preset = presets.find((p) => p.id === params.get("range")) ?? presets.find((p) => p.id === defaultPreset);
  if (!preset || preset.days === 0) {
    // The last 24 hours end at the next full hour: hourly buckets line up with the clock and
    // alerts arriving while the page is open still fall inside the range.
    const end = Math.ceil((now + 1) / HOUR) * HOUR;
    const start = end - 24 * HOUR;
    return {
      preset: "24h",
      from: new Date(start).toISOString(),
      to: new Date(end).toISOString(),
      fromDay: dayOf(start, timeZone),
      toDay: dayOf(end - 1, timeZone),
      label: "the last 24 hours",
    };
  }
  const fromDay = addDays(today, -(preset.days - 1));
  return {
    preset: preset.id,
    from: dayToIso(fromDay, timeZone) ?? new Date(now - preset.days * 24 * HOUR).toISOString(),
    to: dayToIso(today, timeZone, true) ?? new Date(now).toISOString(),
    fromDay,
    toDay: today,
    label: `the last ${preset.label}`,
  };
}

/** Search params for a preset or a custom range; other params (none today) are kept. */
export function rangeParams(
  current: URLSearchParams,
  next: { preset: PresetId } | { from: string; to: string },
): URLSearchParams {
  const params = new URLSearchParams(current);
  params.delete("range");
  params.delete("from");
  params.delete("to");
  if ("preset" in next) {
    if (next.preset !== defaultPreset) params.set("range", next.preset);
  } else {
    params.set("from", next.from);
    params.set("to", next.to);
  }
  return params;
}
