const DAY = 86_400_000;

/** The UTC day (YYYY-MM-DD) of an epoch-ms time. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * A campaign's burndown: for each UTC day from the day it started to today (at most `maxDays`,
 * the latest kept), the findings not yet fixed by a scan at the end of that day. `fixedAt` holds
 * each member's Fixed close time, or null while it is not fixed.
 */
export function burndown(
  startedAt: number,
  now: number,
  fixedAt: readonly (number | null)[],
  maxDays = 366,
): { date: string; open: number }[] {
  const first = Math.floor(startedAt / DAY);
  const last = Math.max(first, Math.floor(now / DAY));
  const from = Math.max(first, last - maxDays + 1);
  const fixedPerDay = new Map<number, number>();
  let fixedBefore = 0;
  for (const at of fixedAt) {
    if (at == null) continue;
    const day = Math.floor(at / DAY);
    if (day < from) fixedBefore++;
    else fixedPerDay.set(day, (fixedPerDay.get(day) ?? 0) + 1);
  }
  const points: { date: string; open: number }[] = [];
  let open = fixedAt.length - fixedBefore;
  for (let day = from; day <= last; day++) {
    open -= fixedPerDay.get(day) ?? 0;
    points.push({ date: utcDay(day * DAY), open });
  }
  return points;
}

/** The first instant (UTC) of each of the last `count` calendar months, oldest first, ending with `now`'s month. */
export function monthStarts(now: number, count: number): number[] {
  const d = new Date(now);
  const starts: number[] = [];
  for (let i = count - 1; i >= 0; i--) starts.push(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1));
  return starts;
}

export const monthLabel = (start: number): string => new Date(start).toISOString().slice(0, 7);
