/**
 * Data-source health (docs/mdr.md "Data-source health"), pure. Normal volume: the median of a
 * source's alerts per UTC day over the NORMAL_DAYS whole days before today, a day without any
 * counting as 0. Expected interval: set per source, else learned as EXPECTED_FACTOR times the
 * mean gap of a normal day (1440 / normal volume minutes) kept between MIN and MAX_LEARNED; a
 * source without a normal volume (new, or quiet on most days) gets DEFAULT_EXPECTED. A source is
 * silent when its last event is older than its expected interval.
 */
export const NORMAL_DAYS = 14;
export const EXPECTED_FACTOR = 4;
export const MIN_LEARNED_MINUTES = 60;
export const MAX_LEARNED_MINUTES = 24 * 60;
export const DEFAULT_EXPECTED_MINUTES = 24 * 60;
const MINUTE = 60_000;

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Median daily count over the NORMAL_DAYS days before `today` from a map of day -> count. */
export function normalDaily(perDay: ReadonlyMap<number, number>, today: number): number {
  return median(Array.from({ length: NORMAL_DAYS }, (_, i) => perDay.get(today - NORMAL_DAYS + i) ?? 0));
}

export function expectedInterval(
  normal: number,
  setMinutes: number | null,
): { minutes: number; from: "set" | "learned" | "default" } {
  if (setMinutes != null) return { minutes: setMinutes, from: "set" };
  if (!(normal > 0)) return { minutes: DEFAULT_EXPECTED_MINUTES, from: "default" };
  const learned = Math.round((EXPECTED_FACTOR * 1440) / normal);
  return { minutes: Math.min(MAX_LEARNED_MINUTES, Math.max(MIN_LEARNED_MINUTES, learned)), from: "learned" };
}

/** When the source went silent (its last event plus the expected interval), or null while it is not. */
export function silentSince(lastEventAt: number, expectedMinutes: number, now: number): number | null {
  const due = lastEventAt + expectedMinutes * MINUTE;
  return now > due ? due : null;
}
