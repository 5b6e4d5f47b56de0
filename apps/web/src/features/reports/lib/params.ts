import { type ReportKind, type ReportPeriod, reportPeriods } from "@watchfloor/shared";
import { env } from "@/config/env";

/**
 * A report's parameters live in the URL, under the names the API takes (`tenants`, `period`,
 * `month`, `quarter`, `from`, `to`, `tz`), so a link, a reload or Back shows the same report and
 * the PDF and CSV links carry exactly what the page shows.
 */
export type ReportParams = {
  /** Empty: every tenant the person may read the report in. */
  tenants: string[];
  period: ReportPeriod;
  month?: string;
  quarter?: string;
  from?: string;
  to?: string;
  tz: string;
};

export const defaultPeriod: ReportPeriod = "last30";

export function readParams(search: URLSearchParams, defaults: { tz: string; tenants: string[] }): ReportParams {
  const period = (reportPeriods as readonly string[]).includes(search.get("period") ?? "")
    ? (search.get("period") as ReportPeriod)
    : defaultPeriod;
  const tenantsParam = search.get("tenants");
  const tenants = tenantsParam === null ? defaults.tenants : tenantsParam.split(",").filter(Boolean);
  const get = (key: string) => search.get(key) || undefined;
  return {
    tenants,
    period,
    month: period === "month" ? get("month") : undefined,
    quarter: period === "quarter" ? get("quarter") : undefined,
    from: period === "custom" ? get("from") : undefined,
    to: period === "custom" ? get("to") : undefined,
    tz: get("tz") ?? defaults.tz,
  };
}

/** The API's query string for these parameters (only the ones the period uses). */
export function toQuery(p: ReportParams): string {
  const q = new URLSearchParams();
  if (p.tenants.length) q.set("tenants", p.tenants.join(","));
  q.set("period", p.period);
  if (p.period === "month" && p.month) q.set("month", p.month);
  if (p.period === "quarter" && p.quarter) q.set("quarter", p.quarter);
  if (p.period === "custom") {
    if (p.from) q.set("from", p.from);
    if (p.to) q.set("to", p.to);
  }
  q.set("tz", p.tz);
  return q.toString();
}

/** The page's search params for new parameters: what the API takes, nothing else. */
export const toSearch = (p: ReportParams) => new URLSearchParams(toQuery(p));

export const pdfUrl = (kind: ReportKind, query: string) => `${env.apiBase}/reports/${kind}.pdf?${query}`;
export const jsonUrl = (kind: ReportKind, query: string) => `${env.apiBase}/reports/${kind}?${query}`;
export const csvUrl = (kind: ReportKind, query: string, table: string) =>
  `${env.apiBase}/reports/${kind}.csv?${query}&table=${encodeURIComponent(table)}`;
export const layerUrl = (query: string) => `${env.apiBase}/reports/threat/layer.json?${query}`;
export const documentPdfUrl = (incidentId: string, tz: string) =>
  `${env.apiBase}/reports/incidents/${encodeURIComponent(incidentId)}/document.pdf?${new URLSearchParams({ tz })}`;
export const documentCsvUrl = (incidentId: string, tz: string, table: string) =>
  `${env.apiBase}/reports/incidents/${encodeURIComponent(incidentId)}/document.csv?${new URLSearchParams({ tz, table })}`;
export const archiveFileUrl = (id: string) => `${env.apiBase}/reports/archive/${encodeURIComponent(id)}/file`;

/** The last complete month and quarter, as the API defaults them, for the pickers' first value. */
export function lastComplete(now = new Date()): { month: string; quarter: string } {
  const y = now.getFullYear();
  const m = now.getMonth(); // 0-based: the previous month's 1-based number
  const month = m === 0 ? `${y - 1}-12` : `${y}-${String(m).padStart(2, "0")}`;
  const q = Math.floor(m / 3) + 1;
  const quarter = q === 1 ? `${y - 1}-Q4` : `${y}-Q${q - 1}`;
  return { month, quarter };
}

/** Every IANA time zone the browser knows, for the time-zone picker. */
export function timeZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const all = intl.supportedValuesOf?.("timeZone") ?? [];
  return [...new Set(["UTC", current, ...all])].sort((a, b) => (a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b)));
}
