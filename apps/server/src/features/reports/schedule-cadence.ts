import type { ScheduleCadence } from "@watchfloor/shared";
import { Cron } from "croner";

export interface Cadence {
  cadence: ScheduleCadence;
  /** HH:MM in the time zone. */
  time: string;
  weekday: number | null;
  monthDay: number | null;
  timeZone: string;
}

/** The cron pattern of a cadence: "30 7 * * *" daily, "30 7 * * 1" on Mondays, "30 7 1 * *" monthly. */
export function cronPattern(c: Cadence): string {
  const [hour, minute] = c.time.split(":").map(Number);
  if (c.cadence === "weekly") return `${minute} ${hour} * * ${c.weekday ?? 1}`;
  if (c.cadence === "monthly") return `${minute} ${hour} ${c.monthDay ?? 1} * *`;
  return `${minute} ${hour} * * *`;
}

/**
 * The first run strictly after `after` (ms), in the cadence's time zone (croner: a local time
 * that a clock change skips runs at the first valid minute after, one that repeats runs once).
 */
export function nextRunAfter(c: Cadence, after: number): number {
  const cron = new Cron(cronPattern(c), { timezone: c.timeZone, paused: true });
  const next = cron.nextRun(new Date(after));
  cron.stop();
  if (!next) throw new Error(`no next run for ${cronPattern(c)} in ${c.timeZone}`);
  return next.getTime();
}
