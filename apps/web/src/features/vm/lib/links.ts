import { paths } from "@/config/paths";

/** The vulnerable-asset list under the same filter as a VM figure (its URL parameters are the API's). */
export function findingsLink(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams({ view: "open" });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `${paths.risk.vulnerabilities}?${params}`;
}

export const count = (n: number) => n.toLocaleString("en-US");
export const percent = (v: number | null) => (v == null ? "—" : `${Math.round(v * 100)}%`);
export const daysText = (v: number | null) => (v == null ? "—" : `${v.toLocaleString("en-US")} d`);

export const figureLink = "font-medium text-sky-800 underline-offset-2 hover:underline dark:text-sky-300";
