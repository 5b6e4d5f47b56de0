import { findingEvidenceMax, type FindingInput, type FindingSeverity, severityFromCvss } from "@watchfloor/shared";
import { jsonItems } from "../json-input";
import { isObject, pluck } from "../values";
import { isoInstant } from "./fields";
import type { FindingImportEvent, FindingImporter, ImportSource } from "./types";
import { clip, cveIds, splitAddress, toEvent, toNumber } from "./values";

type Json = Record<string, unknown>;
const text = (doc: unknown, ...paths: string[]): string | undefined => {
  for (const path of paths) {
    for (const v of pluck(doc, path)) {
      const t = typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "";
      // Wazuh writes "-" for a field it has no value for (classification, severity).
      if (t && t !== "-") return t;
    }
  }
  return undefined;
};

const severities: Record<string, FindingSeverity> = { low: "Low", medium: "Medium", high: "High", critical: "Critical" };

/** Wazuh's word, else the base score's band, else Low: "-" / "Untriaged" means not rated yet. */
function severity(word: string | undefined, score: number | undefined): FindingSeverity {
  return severities[(word ?? "").toLowerCase()] ?? (score !== undefined ? severityFromCvss(score) : null) ?? "Low";
}

export function mapWazuhVulnerability(doc: Json): FindingInput {
  const id = text(doc, "vulnerability.id") ?? "";
  const pkg = text(doc, "package.name");
  const version = text(doc, "package.version");
  const score = toNumber(text(doc, "vulnerability.score.base"));
  const detected = isoInstant(text(doc, "vulnerability.detected_at"));
  const condition = text(doc, "vulnerability.scanner.condition");
  const source = text(doc, "vulnerability.scanner.source");
  const references = text(doc, "vulnerability.reference", "vulnerability.scanner.reference");
  return {
    scanner: "wazuh",
    // One CVE hits one agent once per installed package version (Wazuh's own document id is
    // agent_package-hash_CVE, which changes when the package is upgraded in place).
    scannerFindingId: id ? [id, pkg, version].filter(Boolean).join("|") : "",
    // Wazuh 4.8+ writes agent.*; the 5.x common schema moves it under wazuh.agent.*.
    hostname: text(doc, "agent.name", "wazuh.agent.host.hostname", "wazuh.agent.name", "host.hostname"),
    ip: splitAddress(text(doc, "agent.ip", "host.ip", "wazuh.agent.host.ip")).ip,
    target: text(doc, "agent.id", "wazuh.agent.id") ? `wazuh-agent:${text(doc, "agent.id", "wazuh.agent.id")}` : undefined,
    title: pkg ? `${id} in ${pkg}${version ? ` ${version}` : ""}` : id,
    description: clip(text(doc, "vulnerability.description"), 10000),
    severity: severity(text(doc, "vulnerability.severity"), score),
    cvssScore: score,
    cveIds: cveIds([id]),
    evidence: clip(
      [
        pkg ? [pkg, version, "installed"].filter(Boolean).join(" ") : undefined,
        condition,
        text(doc, "host.os.full") ? `OS: ${text(doc, "host.os.full")}` : undefined,
        source ? `source: ${source}` : undefined,
        references ? `references: ${references}` : undefined,
        pluck(doc, "vulnerability.under_evaluation")[0] === true ? "under evaluation" : undefined,
      ]
        .filter(Boolean)
        .join("\n"),
      findingEvidenceMax,
    ),
    firstSeen: detected,
    lastSeen: detected,
    raw: doc,
  };
}

/** The documents in one JSON item: an OpenSearch response's hits, a hit's `_source`, or the document. */
function documents(value: unknown): unknown[] {
  if (isObject(value) && isObject(value.hits) && Array.isArray(value.hits.hits)) return value.hits.hits.flatMap(documents);
  if (isObject(value) && isObject(value._source)) return [value._source];
  return [value];
}

/**
 * Wazuh 4.8+ vulnerability detector state (`wazuh-states-vulnerabilities-*` index documents):
 * a JSON array, JSON lines, or an OpenSearch search response (hits.hits[]._source), as the
 * dashboard's export and `GET wazuh-states-vulnerabilities-*\/_search` give them.
 */
export const importWazuhVulnerabilities: FindingImporter = async function* (source: ImportSource) {
  for await (const item of jsonItems(source)) {
    if (item.error !== undefined) {
      yield { kind: "rejected", row: item.row, problems: [{ field: "(record)", reason: item.error }], raw: item.text };
      continue;
    }
    // Hits inside a search response are numbered by their position in hits.hits.
    const response = isObject(item.value) && isObject(item.value.hits);
    for (const [i, doc] of documents(item.value).entries()) yield mapDocument(response ? i + 1 : item.row, doc);
  }
};

function mapDocument(row: number, doc: unknown): FindingImportEvent {
  const raw = JSON.stringify(doc) ?? "";
  if (!isObject(doc)) return { kind: "rejected", row, problems: [{ field: "(record)", reason: "is not a JSON object" }], raw };
  if (!isObject(doc.vulnerability) || !text(doc, "vulnerability.id")) {
    const reason = "is missing: not a Wazuh vulnerability state document";
    return { kind: "rejected", row, problems: [{ field: "vulnerability.id", reason }], raw };
  }
  return toEvent(row, mapWazuhVulnerability(doc));
}
