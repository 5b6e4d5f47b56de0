import { dayToIso } from "@/lib/dates";

/**
 * The page's state lives in the URL: `view` (timeline | coverage), and the window as `days`
 * (7, 30, 90; 30 when absent) or a custom `from`/`to` pair of days read in the person's time zone,
 * the same way the alert list reads its date filter, so "open the alerts" links match exactly.
 */
export const presetDays = [7, 30, 90] as const;
export type AttackView = "timeline" | "coverage";
export type AttackWindow =
  | { kind: "preset"; days: number; fromDay: string; toDay: string }
  | { kind: "custom"; fromDay: string; toDay: string };
export type AttackState = { view: AttackView; window: AttackWindow };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: string | null | undefined): value is string {
  if (!value || !dayPattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Today's date ("2026-03-01") where the person is. */
export function todayIn(zone: string, now = Date.now()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

export function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

export function parseAttackState(params: URLSearchParams, today: string): AttackState {
  const view: AttackView = params.get("view") === "coverage" ? "coverage" : "timeline";
  const from = params.get("from");
  const to = params.get("to");
  if (isDay(from) && isDay(to) && from <= to) return { view, window: { kind: "custom", fromDay: from, toDay: to } };
  const asked = Number(params.get("days"));
  const days = (presetDays as readonly number[]).includes(asked) ? asked : 30;
  // "Last 7 days" = today and the six days before it, whole days.
  return { view, window: { kind: "preset", days, fromDay: addDays(today, -(days - 1)), toDay: today } };
}

export function withView(params: URLSearchParams, view: AttackView): URLSearchParams {
  const next = new URLSearchParams(params);
  if (view === "coverage") next.set("view", view);
  else next.delete("view");
  return next;
}

export function withPreset(params: URLSearchParams, days: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("from");
  next.delete("to");
  if (days === 30) next.delete("days");
  else next.set("days", String(days));
  return next;
}

export function withCustom(params: URLSearchParams, fromDay: string, toDay: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("days");
  next.set("from", fromDay);
  next.set("to", toDay);
  return next;
}

/** The API window: start of the first day to the end of the last, in the person's zone. */
export function windowQuery(window: AttackWindow, zone: string): { from: string; to: string } {
  return {
    from: dayToIso(window.fromDay, zone) ?? `${window.fromDay}T00:00:00.000Z`,
    to: dayToIso(window.toDay, zone, true) ?? `${window.toDay}T23:59:59.999Z`,
  };
}

export function windowLabel(window: AttackWindow): string {
  return window.kind === "preset" ? `Last ${window.days} days` : `${window.fromDay} to ${window.toDay}`;
}
