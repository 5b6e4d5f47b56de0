/** Minutes east of UTC for `zone` at `instant` (0 for an unknown zone). */
function zoneOffsetMinutes(instant: number, zone: string): number {
  try {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(new Date(instant));
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
    const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
    return Math.round((asUtc - instant) / 60_000);
  } catch {
    return 0;
  }
}

/**
 * "2026-03-01" as the instant that day starts (or, with `endOfDay`, ends) in the person's time
 * zone, in ISO form for the API. Date filters are picked as days, in the zone the person reads.
 */
export function dayToIso(day: string, zone: string, endOfDay = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const guess = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (endOfDay ? 1 : 0));
  const instant = guess - zoneOffsetMinutes(guess, zone) * 60_000 - (endOfDay ? 1 : 0);
  return new Date(instant).toISOString();
}

/**
 * The instant the day after `day` starts in the person's time zone: the alert and incident lists
 * take `to` as an exclusive bound, so a range that ends on `day` keeps its last millisecond.
 */
export function dayAfterToIso(day: string, zone: string): string | undefined {
  const lastMoment = dayToIso(day, zone, true);
  return lastMoment && new Date(Date.parse(lastMoment) + 1).toISOString();
}

/**
 * The day `days` from `now` (UTC) as a date input's value, "2026-03-01": a due date or expiry a
 * form starts with.
 */
export function dayInDays(days: number, now = Date.now()): string {
  return new Date(now + days * 86_400_000).toISOString().slice(0, 10);
}
