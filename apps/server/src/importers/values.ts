/**
 * Small, pure value readers shared by the importers. They never guess: a value they cannot read
 * comes back as `undefined` (absent) or `INVALID`, and the importer decides what to report.
 */
export const INVALID = Symbol("invalid");
export type Read<T> = T | undefined | typeof INVALID;

/** Text with surrounding space removed; empty strings, null and "-" placeholders are absent. */
export function asText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") {
    const t = value.trim();
    return t === "" ? undefined : t;
  }
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return undefined;
}

/** A list from a JSON array or a comma/semicolon separated string. */
export function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(asText).filter((v): v is string => v !== undefined);
  const t = asText(value);
  if (t === undefined) return [];
  return t
    .split(/[,;]/)
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

export function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** true/false as JSON booleans or as strings in any case ("TRUE", "False"); also yes/no and 1/0. */
export function asBoolean(value: unknown): Read<boolean> {
  if (typeof value === "boolean") return value;
  const t = asText(value)?.toLowerCase();
  if (t === undefined) return undefined;
  if (t === "true" || t === "yes" || t === "1") return true;
  if (t === "false" || t === "no" || t === "0") return false;
  return INVALID;
}

export function asNumber(value: unknown): Read<number> {
  if (typeof value === "number") return Number.isFinite(value) ? value : INVALID;
  const t = asText(value);
  if (t === undefined) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : INVALID;
}

/** Case-, space- and dash-insensitive match against an enumeration; returns the canonical spelling. */
export function matchEnum<T extends string>(value: unknown, options: readonly T[]): Read<T> {
  const t = asText(value);
  if (t === undefined) return undefined;
  const key = fold(t);
  return options.find((o) => fold(o) === key) ?? INVALID;
}

const fold = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** "2020-03-04T13:55:05.224939+0000" -> "...+00:00"; keeps the source precision. */
export function isoWithOffset(value: unknown): Read<string> {
  const t = asText(value);
  if (t === undefined) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(t);
  if (!m) return INVALID;
  const [, day, time = "", zone] = m;
  const seconds = time.length === 5 ? `${time}:00` : time;
  const offset = zone === undefined || zone.toUpperCase() === "Z" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const iso = `${day}T${seconds}${offset}`;
  return Number.isNaN(Date.parse(iso)) || !validDay(day ?? "") ? INVALID : iso;
}

/** Epoch milliseconds (TheHive, OCSF `time`) or seconds (Zeek `ts`) to ISO-8601 in UTC. */
export function isoFromEpoch(value: unknown, unit: "s" | "ms"): Read<string> {
  const n = asNumber(value);
  if (n === undefined || n === INVALID) return n;
  const d = new Date(unit === "s" ? Math.round(n * 1000) : n);
  return Number.isNaN(d.getTime()) ? INVALID : d.toISOString();
}

/**
 * The sample data's dates: MM/DD/YYYY, M/D/YYYY, MM-DD-YYYY with an optional "HH:MM[:SS]",
 * or ISO-8601. Dates without a zone are read as UTC (the samples carry none).
 */
export function sampleDate(value: unknown): Read<string> {
  const t = asText(value);
  if (t === undefined) return undefined;
  const m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  if (!m) return /^\d{4}-\d{2}-\d{2}$/.test(t) ? isoWithOffset(`${t}T00:00:00Z`) : isoWithOffset(t);
  const [, mo, d, y, h = "0", mi = "0", s = "0"] = m;
  const day = `${y}-${pad(mo)}-${pad(d)}`;
  if (!validDay(day) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return INVALID;
  return `${day}T${pad(h)}:${pad(mi)}:${pad(s)}.000Z`;
}

const pad = (v: string | undefined) => (v ?? "").padStart(2, "0");

/** Rejects 02/30/2024 and 13/01/2024, which Date.parse would roll over. */
function validDay(day: string): boolean {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d || m > 12) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** "192.168.10.21:80" -> "192.168.10.21"; leaves bare IPv6 addresses alone, unwraps "[::1]:80". */
export function stripPort(value: unknown): string | undefined {
  const t = asText(value);
  if (t === undefined) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(t);
  if (bracketed) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(t);
  return v4 ? v4[1] : t;
}

/**
 * Values at a dotted path, walking through arrays, and also reading flattened keys such as
 * `"event.kind": "alert"` (ECS documents come in both shapes).
 */
export function pluck(value: unknown, path: string): unknown[] {
  if (path === "") return Array.isArray(value) ? value.flat() : [value];
  if (Array.isArray(value)) return value.flatMap((v) => pluck(v, path));
  if (value === null || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const out: unknown[] = [];
  const parts = path.split(".");
  for (let i = parts.length; i >= 1; i--) {
    const key = parts.slice(0, i).join(".");
    if (key in record) out.push(...pluck(record[key], parts.slice(i).join(".")));
  }
  return out.filter((v) => v !== undefined && v !== null);
}

/** The first readable text at any of the paths. */
export function firstText(value: unknown, ...paths: string[]): string | undefined {
  for (const p of paths) {
    for (const v of pluck(value, p)) {
      const t = asText(v);
      if (t !== undefined) return t;
    }
  }
  return undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
