/**
 * Report periods (docs/reports.md): what "last 30 days", "October 2026" or "Q3 2026" mean as
 * instants, in the time zone the report is read in, and the period each is compared with. Pure:
 * the server resolves the URL's parameters with it and the web app shows the same labels.
 *
 * Days are whole calendar days in the zone: a period is [start of its first day, start of the day
 * after its last day). "Last N days" ends with today, like the dashboard's day ranges, so a report
 * and the dashboard over the same days count the same alerts.
 */

export const reportPeriods = ["last7", "last30", "last90", "month", "quarter", "custom"] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

export const reportPeriodLabels: Record<ReportPeriod, string> = {
  last7: "Last 7 days",
  last30: "Last 30 days",
  last90: "Last 90 days",
  month: "Calendar month",
  quarter: "Calendar quarter",
  custom: "Custom range",
};

/** Longest custom range, in days (the dashboard's limit). */
export const reportMaxDays = 400;

export interface PeriodParams {
  period: ReportPeriod;
  /** "YYYY-MM" for period=month; the last complete month when absent. */
  month?: string;
  /** "YYYY-Qn" for period=quarter; the last complete quarter when absent. */
  quarter?: string;
  /** First and last day (inclusive), "YYYY-MM-DD", for period=custom. */
  from?: string;
  to?: string;
  /** IANA time zone the days are read in. */
  tz: string;
}

export interface ResolvedPeriod {
  period: ReportPeriod;
  timeZone: string;
  /** Epoch ms; `to` is exclusive. */
  from: number;
  to: number;
  /** First and last day, inclusive, in the zone. */
  fromDay: string;
  toDay: string;
  label: string;
  /** The period compared with: the same number of days before, or the previous month / quarter. */
  previous: { from: number; to: number; fromDay: string; toDay: string; label: string };
  /** The month or quarter key, when the period is one ("2026-10", "2026-Q3"). */
  month: string | null;
  quarter: string | null;
}

export type PeriodResult = { ok: true; value: ResolvedPeriod } | { ok: false; field: string; message: string };

const DAY_MS = 86_400_000;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;
const quarterPattern = /^(\d{4})-Q([1-4])$/;
const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The canonical name of an IANA time zone ("utc" → "UTC"), or null when it is not one. */
export function canonicalTimeZone(zone: string): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Local wall-clock parts of an instant in a zone. */
function wallClock(instant: number, zone: string) {
  const parts = formatter(zone).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** Minutes east of UTC for `zone` at `instant`. */
export function zoneOffsetMinutes(instant: number, zone: string): number {
  const w = wallClock(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - instant) / 60_000);
}

/** "YYYY-MM-DD" of an instant in a zone. */
export function dayInZone(instant: number, zone: string): string {
  const w = wallClock(instant, zone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** The day `n` days after `day` (calendar arithmetic, no zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n)).toISOString().slice(0, 10);
}

/**
 * The instant `day` starts in `zone`: its local midnight, or, where a clock change skips
 * midnight (America/Santiago, Asia/Beirut), the first moment that exists on that day.
 */
export function startOfDay(day: string, zone: string): number {
  const [y, m, d] = day.split("-").map(Number);
  const guess = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  const first = guess - zoneOffsetMinutes(guess, zone) * 60_000;
  const second = guess - zoneOffsetMinutes(first, zone) * 60_000;
  const candidates = [first, second].filter((t) => dayInZone(t, zone) === day).sort((a, b) => a - b);
  const found = candidates[0];
  if (found !== undefined) {
    // An earlier instant can still be on the day when the offset changed in between: step back
    // by the difference, at most a few hours, a quarter hour at a time.
    let t = found;
    while (dayInZone(t - 15 * 60_000, zone) === day) t -= 15 * 60_000;
    return t;
  }
  // Midnight does not exist: the day starts when the clock jumps forward, after `first`.
  let t = Math.min(first, second);
  while (dayInZone(t, zone) !== day) t += 15 * 60_000;
  while (dayInZone(t - 60_000, zone) === day) t -= 60_000;
  return t;
}

const validDay = (day: string | undefined): day is string => {
  const match = day ? dayPattern.exec(day) : null;
  if (!match) return false;
  return addDays(day as string, 0) === day;
};

const daysBetween = (fromDay: string, toDay: string) =>
  Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY_MS) + 1;

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}`;
const monthStartDay = (year: number, month: number) => `${monthKey(year, month)}-01`;
/** Year and month (1-12) `n` months after the given one. */
const shiftMonth = (year: number, month: number, n: number) => {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

function range(fromDay: string, toDay: string, zone: string) {
  return { from: startOfDay(fromDay, zone), to: startOfDay(addDays(toDay, 1), zone), fromDay, toDay };
}

const rangeLabel = (fromDay: string, toDay: string) => (fromDay === toDay ? fromDay : `${fromDay} to ${toDay}`);

/**
 * Resolves report period parameters at `now` into instants, with labels and the previous period.
 * Errors name the parameter at fault, as the API answers them.
 */
export function resolvePeriod(params: PeriodParams, now: number): PeriodResult {
  const zone = canonicalTimeZone(params.tz);
  if (!zone) return { ok: false, field: "tz", message: "is not a known time zone (use an IANA name such as Europe/Berlin)" };
  // Parameters of another kind of period are refused rather than ignored: a link that names a
  // month but asks for the last 30 days is a mistake worth saying.
  const unused: [keyof PeriodParams, boolean][] = [
    ["month", params.period !== "month"],
    ["quarter", params.period !== "quarter"],
    ["from", params.period !== "custom"],
    ["to", params.period !== "custom"],
  ];
  for (const [field, refuse] of unused) {
    if (refuse && params[field] !== undefined)
      return { ok: false, field, message: `is only used with period=${field === "from" || field === "to" ? "custom" : field}` };
  }
  const today = dayInZone(now, zone);
  const [ty, tm] = today.split("-").map(Number) as [number, number];
  const done = (value: Omit<ResolvedPeriod, "period" | "timeZone">): PeriodResult => ({
    ok: true,
    value: { period: params.period, timeZone: zone, ...value },
  });

  switch (params.period) {
    case "last7":
    case "last30":
    case "last90": {
      const n = Number(params.period.slice(4));
      const fromDay = addDays(today, -(n - 1));
      const prevTo = addDays(fromDay, -1);
      const prevFrom = addDays(fromDay, -n);
      return done({
        ...range(fromDay, today, zone),
        label: `Last ${n} days (${rangeLabel(fromDay, today)})`,
        previous: { ...range(prevFrom, prevTo, zone), label: `the ${n} days before (${rangeLabel(prevFrom, prevTo)})` },
        month: null,
        quarter: null,
      });
    }
    case "month": {
      let year: number;
      let month: number;
      if (params.month !== undefined) {
        const match = monthPattern.exec(params.month);
        if (!match) return { ok: false, field: "month", message: "must be a month as YYYY-MM" };
        year = Number(match[1]);
        month = Number(match[2]);
      } else {
        ({ year, month } = shiftMonth(ty, tm, -1));
      }
      const first = monthStartDay(year, month);
      if (first > today) return { ok: false, field: "month", message: "is in the future" };
      const next = shiftMonth(year, month, 1);
      const last = addDays(monthStartDay(next.year, next.month), -1);
      const prev = shiftMonth(year, month, -1);
      const prevFirst = monthStartDay(prev.year, prev.month);
      const prevLast = addDays(first, -1);
      const toDate = last >= today ? " (to date)" : "";
      return done({
        ...range(first, last, zone),
        label: `${monthNames[month - 1]} ${year}${toDate}`,
        previous: { ...range(prevFirst, prevLast, zone), label: `${monthNames[prev.month - 1]} ${prev.year}` },
        month: monthKey(year, month),
        quarter: null,
      });
    }
    case "quarter": {
      let year: number;
      let q: number;
      if (params.quarter !== undefined) {
        const match = quarterPattern.exec(params.quarter);
        if (!match) return { ok: false, field: "quarter", message: "must be a quarter as YYYY-Qn (n from 1 to 4)" };
        year = Number(match[1]);
        q = Number(match[2]);
      } else {
        const current = Math.floor((tm - 1) / 3) + 1;
        year = current === 1 ? ty - 1 : ty;
        q = current === 1 ? 4 : current - 1;
      }
      const first = monthStartDay(year, (q - 1) * 3 + 1);
      if (first > today) return { ok: false, field: "quarter", message: "is in the future" };
      const next = shiftMonth(year, (q - 1) * 3 + 1, 3);
      const last = addDays(monthStartDay(next.year, next.month), -1);
      const prev = shiftMonth(year, (q - 1) * 3 + 1, -3);
      const prevQ = Math.floor((prev.month - 1) / 3) + 1;
      const toDate = last >= today ? " (to date)" : "";
      return done({
        ...range(first, last, zone),
        label: `Q${q} ${year}${toDate}`,
        previous: { ...range(monthStartDay(prev.year, prev.month), addDays(first, -1), zone), label: `Q${prevQ} ${prev.year}` },
        month: null,
        quarter: `${year}-Q${q}`,
      });
    }
    case "custom": {
      if (!validDay(params.from)) return { ok: false, field: "from", message: "must be a day as YYYY-MM-DD" };
      if (!validDay(params.to)) return { ok: false, field: "to", message: "must be a day as YYYY-MM-DD" };
      const fromDay = params.from;
      const toDay = params.to;
      if (fromDay > toDay) return { ok: false, field: "from", message: "must not be after to" };
      if (fromDay > today) return { ok: false, field: "from", message: "is in the future" };
      const n = daysBetween(fromDay, toDay);
      if (n > reportMaxDays) return { ok: false, field: "to", message: `the range is longer than ${reportMaxDays} days` };
      const prevTo = addDays(fromDay, -1);
      const prevFrom = addDays(fromDay, -n);
      return done({
        ...range(fromDay, toDay, zone),
        label: rangeLabel(fromDay, toDay),
        previous: {
          ...range(prevFrom, prevTo, zone),
          label: `the ${n === 1 ? "day" : `${n} days`} before (${rangeLabel(prevFrom, prevTo)})`,
        },
        month: null,
        quarter: null,
      });
    }
  }
}
