import type { Preferences } from "@watchfloor/shared";

type DatePrefs = Pick<Preferences, "timeZone" | "dateFormat">;

/** Formats an instant in the person's time zone and chosen date order, e.g. "2026-03-01 14:05". */
export function formatDateTime(iso: string, prefs: DatePrefs, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-GB", {
      timeZone: prefs.timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(date);
  } catch {
    // An unknown zone (stale preference) must not break the page: fall back to UTC.
    return formatDateTime(iso, { ...prefs, timeZone: "UTC" }, withTime);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const [y, m, d] = [get("year"), get("month"), get("day")];
  const day =
    prefs.dateFormat === "DD/MM/YYYY"
      ? `${d}/${m}/${y}`
      : prefs.dateFormat === "MM/DD/YYYY"
        ? `${m}/${d}/${y}`
        : `${y}-${m}-${d}`;
  return withTime ? `${day} ${get("hour")}:${get("minute")}` : day;
}

/** "3 min ago" style, for notification lists where recency matters more than the exact time. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return `${days} d ago`;
}

/** Browser and OS from a user-agent string: enough to recognise "my laptop" in a session list. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : /curl\//.test(ua)
              ? "curl"
              : "Unknown browser";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Mac OS X|Macintosh/.test(ua)
        ? "macOS"
        : /Android/.test(ua)
          ? "Android"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : "Unknown OS";
  return `${browser} on ${os}`;
}
