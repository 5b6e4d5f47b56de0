import type { ReportSchedule } from "@watchfloor/shared";

export const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "Daily at 07:00", "Mondays at 07:00", "Monthly on day 1 at 07:00", with the time zone. */
export function cadenceText(s: Pick<ReportSchedule, "cadence" | "time" | "weekday" | "monthDay" | "timeZone">): string {
  const at = `at ${s.time} (${s.timeZone})`;
  if (s.cadence === "weekly") return `${weekdayNames[s.weekday ?? 1]}s ${at}`;
  if (s.cadence === "monthly") return `Monthly on day ${s.monthDay ?? 1} ${at}`;
  return `Daily ${at}`;
}

/** Recipients as typed: commas, semicolons, spaces or new lines between addresses. */
export const parseRecipients = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((r) => r.trim())
    .filter(Boolean);
