import { findingEvidenceMax, type FindingInput, type FindingSeverity } from "@watchfloor/shared";
import { jsonItems } from "../json-input";
import { isObject } from "../values";
import { isoInstant, stableKey, urlAsset } from "./fields";
import type { FindingImporter, ImportSource } from "./types";
import { clip, cveIds, cweId, splitAddress, toEvent, toInformational, toNumber } from "./values";

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : undefined;
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(str).filter((s): s is string => Boolean(s)) : str(v) ? [str(v) as string] : [];

const severities: Record<string, FindingSeverity> = { low: "Low", medium: "Medium", high: "High", critical: "Critical" };

/**
 * The evidence a match carries: where it matched, what the extractors pulled out and the
 * reproducing curl command. Request and response bodies stay in `raw`, not in evidence.
 */
function evidence(r: Json): string | undefined {
  const lines = [
    str(r["matched-at"]) ? `matched at ${str(r["matched-at"])}` : undefined,
    str(r["matcher-name"]) ? `matcher: ${str(r["matcher-name"])}` : undefined,
    ...strings(r["extracted-results"]).map((e) => `extracted: ${e}`),
    str(r["curl-command"]),
  ].filter(Boolean);
  return clip(lines.join("\n"), findingEvidenceMax);
}

export function mapNucleiResult(r: Json, severity: FindingSeverity): FindingInput {
  const info = isObject(r.info) ? r.info : {};
  const cls = isObject(info.classification) ? info.classification : {};
  const template = str(r["template-id"]) ?? "";
  const matchedAt = str(r["matched-at"]);
  // `host` is the input target (URL or host:port); `matched-at` the exact URL or socket that matched.
  const fromHost = urlAsset(str(r.host));
  const fromMatch = urlAsset(matchedAt);
  const ip = splitAddress(str(r.ip)).ip ?? fromMatch.ip ?? fromHost.ip;
  const port = toNumber(str(r.port)) ?? fromMatch.port ?? fromHost.port;
  const score = toNumber(cls["cvss-score"] as number | string | undefined);
  const matcher = str(r["matcher-name"]);
  return {
    scanner: "nuclei",
    // One template can match one host at several URLs, and with several named matchers.
    scannerFindingId: template ? stableKey(matcher ? `${template}:${matcher}` : template, matchedAt) : "",
    ip,
    fqdn: fromHost.fqdn ?? fromMatch.fqdn,
    target: str(r.host),
    port,
    // Every Nuclei protocol that reaches a port (http, ssl, network, websocket) runs over TCP.
    protocol: port !== undefined ? "tcp" : undefined,
    // The URL scheme, else Nuclei's protocol type (network, dns, ssl): never the input URL's scheme,
    // which would call an SSH match on https://host "https".
    service: str(r.scheme) ?? fromMatch.service ?? str(r.type),
    title: str(info.name) ?? template,
    description: clip(str(info.description), 10000),
    severity,
    cvssScore: score,
    cvssVector: str(cls["cvss-metrics"]),
    cveIds: cveIds(strings(cls["cve-id"])),
    cweId: cweId(strings(cls["cwe-id"])[0]),
    remediation: clip(str(info.remediation), 5000),
    evidence: evidence(r),
    firstSeen: isoInstant(r.timestamp),
    lastSeen: isoInstant(r.timestamp),
    raw: r,
  };
}

/**
 * Nuclei results: `-jsonl` / `-json` (one result per line) and `-json-export` (one JSON array).
 * Results rated `info` or `unknown` are detections or unrated checks, not weaknesses: skipped.
 */
export const importNuclei: FindingImporter = async function* (source: ImportSource) {
  for await (const item of jsonItems(source)) {
    const r = item.value;
    if (item.error !== undefined || !isObject(r)) {
      const reason = item.error ?? "is not a JSON object";
      yield { kind: "rejected", row: item.row, problems: [{ field: "(record)", reason }], raw: item.text };
      continue;
    }
    if (!("template-id" in r) && !("info" in r)) {
      yield {
        kind: "rejected",
        row: item.row,
        problems: [{ field: "template-id", reason: "is missing: not a Nuclei result" }],
        raw: item.text,
      };
      continue;
    }
    const info = isObject(r.info) ? r.info : {};
    const level = (str(info.severity) ?? "").toLowerCase();
    if (level === "info") {
      yield toInformational(item.row, "informational (Nuclei severity info)", mapNucleiResult(r, "Low"));
      continue;
    }
    if (level === "unknown") {
      yield { kind: "skipped", row: item.row, reason: "unrated (Nuclei severity unknown)" };
      continue;
    }
    const severity = severities[level];
    if (!severity) {
      const reason = level ? `"${level}" is not a Nuclei severity (info, low, medium, high, critical, unknown)` : "is missing";
      yield { kind: "rejected", row: item.row, problems: [{ field: "info.severity", reason }], raw: item.text };
      continue;
    }
    yield toEvent(item.row, mapNucleiResult(r, severity));
  }
};
