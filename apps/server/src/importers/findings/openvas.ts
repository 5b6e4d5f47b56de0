import { findingEvidenceMax, type FindingInput, severityFromCvss } from "@watchfloor/shared";
import type { FindingImporter, ImportSource } from "./types";
import { child, childText, readXml, toPlain, type XmlElement } from "./xml";
import { clip, cveIds, dedent, oneLine, splitAddress, tidy, toEvent, toInformational, toNumber } from "./values";

/** GVM's nvt tags: "key=value|key=value", values may span lines. */
export function parseTags(text: string | undefined): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of (text ?? "").split("|")) {
    const at = part.indexOf("=");
    if (at > 0) tags.set(part.slice(0, at).trim(), part.slice(at + 1));
  }
  return tags;
}

/** "80/tcp" -> 80/tcp; "general/tcp" -> no port, service "general"; "443/tcp (https)" keeps the name. */
export function parsePort(value: string | undefined): { port?: number; protocol?: string; service?: string } {
  const m = value?.trim().match(/^([^/\s]+)\/(\w+)(?:\s*\(([^)]*)\))?/);
  if (!m) return {};
  const port = /^\d+$/.test(m[1] ?? "") ? Number(m[1]) : undefined;
  return { port, protocol: m[2], service: m[3] ?? (port === undefined ? m[1] : undefined) };
}

/** CVSS vector: GVM 21+ nvt/severities/severity@type="cvss_base_v3|v2", older GVM a tag. */
function cvssVector(nvt: XmlElement | undefined, tags: Map<string, string>): string | undefined {
  const sev = child(nvt, "severities")?.children.find((c) => c.name === "severity");
  return childText(sev, "value") ?? oneLine(tags.get("cvss_base_vector"));
}

function iso(value: string | undefined): string | undefined {
  const d = value ? new Date(value) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
}

export function mapOpenvasResult(result: XmlElement, score: number): FindingInput {
  const nvt = child(result, "nvt");
  const tags = parseTags(childText(nvt, "tags"));
  const host = child(result, "host");
  const address = splitAddress(host?.text.trim());
  const refs = child(nvt, "refs")?.children ?? [];
  const refCves = refs.filter((r) => r.attrs.type?.toLowerCase() === "cve").map((r) => r.attrs.id ?? "");
  const description = [tags.get("summary"), tags.get("insight"), tags.get("impact")].map(tidy).filter(Boolean).join("\n\n");
  const seen = iso(childText(result, "modification_time")) ?? iso(childText(result, "creation_time"));
  return {
    scanner: "openvas",
    scannerFindingId: nvt?.attrs.oid ?? "",
    hostname: childText(host, "hostname"),
    ...address,
    ...parsePort(childText(result, "port")),
    title: oneLine(childText(nvt, "name")) ?? "",
    description: clip(description, 10000),
    // `severity` is the (possibly overridden) score GVM ranked the result by, so the level follows it.
    severity: severityFromCvss(score) ?? "Low",
    cvssScore: toNumber(childText(nvt, "cvss_base")) ?? score,
    cvssVector: cvssVector(nvt, tags),
    // Older GVM lists CVEs as nvt/cve "CVE-a, CVE-b" or "NOCVE"; newer as refs/ref@type="cve".
    cveIds: cveIds([...refCves, childText(nvt, "cve") ?? ""]),
    remediation: clip(tidy(tags.get("solution")), 5000),
    evidence: clip(dedent(childText(result, "description")), findingEvidenceMax),
    firstSeen: iso(childText(result, "creation_time")),
    lastSeen: seen,
    raw: toPlain(result),
  };
}

/**
 * OpenVAS / GVM XML reports (GMP get_reports, report format "XML"): report/results/result.
 * Results with severity 0 (threat "Log") are informational and skipped; negative severities are
 * GVM's false positives (-1) and errors (-3), also skipped.
 */
export const importOpenvas: FindingImporter = async function* (source: ImportSource) {
  const events = readXml(source, {
    roots: ["report", "get_reports_response"],
    formatName: "OpenVAS/GVM report",
    capture: (name, parent) => name === "result" && parent === "results",
  });
  for await (const event of events) {
    if (event.kind !== "element") continue;
    const result = event.element;
    const score = toNumber(childText(result, "severity"));
    const threat = childText(result, "threat");
    if (score !== undefined && score < 0) {
      yield { kind: "skipped", row: result.line, reason: score === -1 ? "false positive" : "scan error" };
    } else if (score === 0 || threat === "Log") {
      yield toInformational(result.line, "informational (GVM Log, severity 0)", mapOpenvasResult(result, 0));
    } else if (score === undefined) {
      yield {
        kind: "rejected",
        row: result.line,
        problems: [{ field: "severity", reason: "is missing or not a number, so the result has no severity" }],
        raw: JSON.stringify(toPlain(result)),
      };
    } else {
      yield toEvent(result.line, mapOpenvasResult(result, score));
    }
  }
};
