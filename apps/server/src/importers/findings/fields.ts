import { createHash } from "node:crypto";
import { isIP } from "node:net";

/** The contract's limit on scannerFindingId. */
const findingIdMax = 300;

/**
 * Joins the parts of a scanner's identity for one finding ("template|matched URL"). A part that
 * would push the id past the contract's 300 characters (a long URL) is replaced by its SHA-256
 * prefix, so the id stays stable across imports instead of being cut or rejected.
 */
export function stableKey(...parts: (string | undefined)[]): string {
  const present = parts.filter((p): p is string => Boolean(p));
  const joined = present.join("|");
  if (joined.length <= findingIdMax) return joined;
  const head = present.slice(0, -1).join("|").slice(0, 200);
  const digest = createHash("sha256")
    .update(present[present.length - 1] ?? "")
    .digest("hex")
    .slice(0, 32);
  return `${head}|sha256:${digest}`;
}

/**
 * A timestamp to a UTC ISO instant, or undefined when it is missing or unreadable. Values without
 * a zone are UTC (NVD, nmap and Qualys write UTC without saying so). Nanosecond fractions, which
 * Nuclei writes, are cut to milliseconds.
 */
export function isoInstant(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(value.trim());
  if (!m) return undefined;
  const [, dayPart, time = "00:00:00", fraction = "", zone = "Z"] = m;
  const seconds = time.length === 5 ? `${time}:00` : time;
  const offset = zone.toUpperCase() === "Z" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const d = new Date(`${dayPart}T${seconds}${fraction.slice(0, 4)}${offset}`);
  return Number.isNaN(d.getTime()) || !realDay(dayPart ?? "") ? undefined : d.toISOString();
}

/** Rejects 2024-02-30, which Date rolls over to 1 March. */
function realDay(day: string): boolean {
  const [y = 0, m = 0, d = 0] = day.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Scanner advisories written as HTML (Burp, Qualys) to plain text: block tags become line breaks,
 * list items get a dash, other tags go, entities are decoded, runs of blank lines collapse.
 */
export function htmlToText(html: string | undefined): string | undefined {
  if (!html) return undefined;
  const out = html
    .replace(/\r\n/g, "\n")
    .replace(/<\s*li[^>]*>/gi, "\n- ")
    .replace(/<\s*(br|\/p|p|\/div|\/ul|\/ol|\/h\d|\/tr)\b[^>]*>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name.toLowerCase()] ?? whole;
    })
    .split("\n")
    .map((l) => l.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return out || undefined;
}

const defaultPorts: Record<string, number> = { http: 80, https: 443, ftp: 21, ssh: 22, ws: 80, wss: 443 };

/**
 * The asset a URL points at: host (an address goes to `ip`, a name to `fqdn`), port (the scheme's
 * default when the URL has none) and the scheme as the service. Non-URLs ("host:22") are read as
 * host and port. Returns {} for text that names no host.
 */
export function urlAsset(value: string | undefined): { ip?: string; fqdn?: string; port?: number; service?: string } {
  const raw = value?.trim();
  if (!raw) return {};
  let host: string;
  let port: number | undefined;
  let service: string | undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `tcp://${raw}`);
    host = url.hostname.replace(/^\[|\]$/g, "");
    service = url.protocol === "tcp:" ? undefined : url.protocol.slice(0, -1).toLowerCase();
    port = url.port ? Number(url.port) : service ? defaultPorts[service] : undefined;
  } catch {
    return {};
  }
  if (!host) return {};
  const ip = isIP(host) ? host : undefined;
  return { ip, fqdn: ip ? undefined : host.toLowerCase(), port, service };
}

/** A plain object of a CSV row for `raw`: header -> value, blank cells left out. */
export function rowObject(header: string[], fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  header.forEach((name, i) => {
    const v = fields[i];
    if (v !== undefined && v !== "") out[name] = v;
  });
  return out;
}
