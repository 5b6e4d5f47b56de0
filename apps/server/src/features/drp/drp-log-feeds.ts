import type { ImportSource } from "../../importers/types";
import { asText, isObject, pluck } from "../../importers/values";
import type { FeedEvent } from "./drp-feeds";
import { normaliseHost } from "./drp-hosts";

/**
 * DNS and proxy logs as DRP feeds (docs/drp.md, "Feeds"): the host names people in the tenant
 * looked up or visited, in the formats the product already reads elsewhere (Zeek, Suricata EVE,
 * ECS JSON) and the plain text logs resolvers and proxies write. One line is one record; a line
 * that names no host is rejected with the reason. Only the host and a short detail are kept.
 */

const RAW_LIMIT = 2000;
const cut = (text: string) => (text.length > RAW_LIMIT ? `${text.slice(0, RAW_LIMIT)}…` : text);

type LineReader = (line: string, zeek: ZeekHeader) => { host: string; detail: string } | null;

/** A Zeek TSV header as it streams past: the separator and the column names. */
interface ZeekHeader {
  separator: string;
  fields: string[] | null;
}

const unescapeHex = (value: string) =>
  value.replace(/\\x([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Reads a log line by line: Zeek TSV header lines set the columns, blank and other comment lines are skipped. */
async function* readLog(source: ImportSource, read: LineReader, what: string): AsyncGenerator<FeedEvent> {
  const zeek: ZeekHeader = { separator: "\t", fields: null };
  let row = 0;
  for await (const raw of source.lines()) {
    row++;
    const line = (row === 1 ? raw.replace(/^\uFEFF/, "") : raw).trimEnd();
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      const [key, ...rest] = line.split(/[\t ]/);
      if (key === "#separator") zeek.separator = unescapeHex(rest.join(" ").trim());
      else if (key === "#fields") zeek.fields = line.split(zeek.separator).slice(1);
      continue;
    }
    const found = read(line, zeek);
    const host = found ? normaliseHost(found.host) : null;
    if (found && host) yield { kind: "hosts", row, hosts: [host], detail: cut(found.detail) };
    else
      yield {
        kind: "rejected",
        row,
        problems: [{ field: "line", reason: found ? `"${cut(found.host)}" is not a host name` : `names no ${what}` }],
        raw: cut(line),
      };
  }
}

function json(line: string): Record<string, unknown> | null {
  if (!line.startsWith("{")) return null;
  try {
    const value = JSON.parse(line) as unknown;
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

const first = (value: Record<string, unknown>, ...paths: string[]) => {
  for (const path of paths) {
    const found = pluck(value, path)
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .map(asText)
      .find((v) => v !== undefined && v !== "" && v !== "-");
    if (found) return found;
  }
  return undefined;
};

/** A Zeek TSV row's column by name. */
function zeekCell(line: string, zeek: ZeekHeader, name: string): string | undefined {
  if (!zeek.fields) return undefined;
  const i = zeek.fields.indexOf(name);
  const cell = i < 0 ? undefined : line.split(zeek.separator)[i];
  return cell && cell !== "-" && cell !== "(empty)" ? cell : undefined;
}

// BIND's query log ("... query: example.com IN A +E(0) (10.0.0.1)") and dnsmasq's ("query[A] example.com from 10.0.0.5").
const BIND = /\bquery: (\S+) IN \S+/;
const DNSMASQ = /\bquery\[[A-Z0-9]+\] (\S+) from (\S+)/;

const dnsLine: LineReader = (line, zeek) => {
  const event = json(line);
  if (event) {
    // Zeek dns.log as JSON; Suricata EVE dns events (v1 rrname, v2 queries[]); ECS dns.question.name.
    const host = first(event, "query", "dns.rrname", "dns.queries.rrname", "dns.question.name", "qname", "question.name");
    const client = first(event, "id.orig_h", "src_ip", "source.ip", "client.ip");
    return host ? { host, detail: client ? `DNS query by ${client}` : "DNS query" } : null;
  }
  const query = zeekCell(line, zeek, "query");
  if (query) {
    const client = zeekCell(line, zeek, "id.orig_h");
    return { host: query, detail: client ? `DNS query by ${client}` : "DNS query" };
  }
  const bind = BIND.exec(line);
  if (bind?.[1]) return { host: bind[1], detail: "DNS query, BIND query log" };
  const dnsmasq = DNSMASQ.exec(line);
  if (dnsmasq?.[1]) return { host: dnsmasq[1], detail: `DNS query by ${dnsmasq[2]}, dnsmasq` };
  return null;
};

// A Squid native access.log line: time elapsed client code/status bytes method URL user hierarchy type.
const SQUID = /^\d+(?:\.\d+)?\s+\d+\s+(\S+)\s+\S+\/\d{3}\s+\d+\s+([A-Z]+)\s+(\S+)/;
const URL_IN_TEXT = /\bhttps?:\/\/([^\s/"'?#:]+)/i;

const proxyLine: LineReader = (line, zeek) => {
  const event = json(line);
  if (event) {
    // Zeek http.log as JSON; Suricata EVE http events; ECS url.domain / url.original.
    const host = first(event, "host", "http.hostname", "url.domain", "destination.domain");
    const url = host ?? first(event, "url.original", "url", "request.url");
    const client = first(event, "id.orig_h", "src_ip", "source.ip", "client.ip");
    return url ? { host: url, detail: client ? `web request by ${client}` : "web request" } : null;
  }
  const zeekHost = zeekCell(line, zeek, "host");
  if (zeekHost) {
    const client = zeekCell(line, zeek, "id.orig_h");
    return { host: zeekHost, detail: client ? `web request by ${client}` : "web request" };
  }
  const squid = SQUID.exec(line);
  if (squid?.[3]) return { host: squid[3], detail: `${squid[2]} by ${squid[1]}, Squid` };
  const url = URL_IN_TEXT.exec(line);
  if (url?.[1]) return { host: url[1], detail: "web request" };
  return null;
};

/** DNS logs: Zeek dns.log (TSV or JSON), Suricata EVE dns events, ECS JSON, BIND and dnsmasq query logs. */
export const readDnsLog = (source: ImportSource) =>
  readLog(source, dnsLine, "DNS query (query, dns.rrname, BIND or dnsmasq query)");

/** Proxy logs: Squid access.log, Zeek http.log (TSV or JSON), Suricata EVE http events, ECS JSON, any line with an http(s) URL. */
export const readProxyLog = (source: ImportSource) => readLog(source, proxyLine, "host or http(s) URL");
