import type { ComplianceResult } from "@watchfloor/shared";
import { parseDocument } from "../json-input";
import type { ComplianceImporter, ImportSource } from "./types";
import { ImportFileError } from "./types";
import { isRecord, isoTime, mapping, severityOf, str, toRecord } from "./values";

/** Flagged items fail the rule; checked items with none flagged pass; nothing to check is not applicable. */
export function scoutResult(finding: Record<string, unknown>): ComplianceResult {
  if (Number(finding.flagged_items) > 0) return "fail";
  if (Number(finding.checked_items) > 0) return "pass";
  return "not_applicable";
}

const EVIDENCE_ITEMS = 50;

/**
 * ScoutSuite results: the report's `scoutsuite_results_*.js` (`scoutsuite_results =` and the
 * JSON) or the JSON body alone. One result per rule of services.<service>.findings, with the
 * flagged resources' paths as evidence and the rule's `compliance` list ({name, version,
 * reference}) as its mappings. The JSON is one document (ScoutSuite writes it whole).
 */
export const importScoutSuite: ComplianceImporter = async function* (source: ImportSource) {
  const text = await source.text();
  const start = text.indexOf("{");
  const prefix = text.slice(0, Math.max(start, 0)).trim();
  if (start < 0 || (prefix && !/^(var\s+)?scoutsuite_results\s*=$/.test(prefix)))
    throw new ImportFileError("Not ScoutSuite results: expected the JSON object (optionally after `scoutsuite_results =`)");
  const doc = parseDocument(text.slice(start).replace(/;\s*$/, ""));
  if (!isRecord(doc) || !isRecord(doc.services)) throw new ImportFileError("Not ScoutSuite results: there is no services object");
  const lastRun = isRecord(doc.last_run) ? doc.last_run : {};
  const provider = str(doc.provider_code) ?? "";
  const scan = {
    tool: "ScoutSuite",
    toolVersion: str(lastRun.version) ?? null,
    targetKind: provider === "kubernetes" ? ("kubernetes-cluster" as const) : ("cloud-account" as const),
    targetId: str(doc.account_id) ?? "",
    targetName: str(doc.provider_name) ?? null,
    benchmarkId: `scoutsuite-${provider || "unknown"}-${str(lastRun.ruleset_name) ?? "default"}`,
    benchmarkTitle: `ScoutSuite ${str(lastRun.ruleset_name) ?? "default"} ruleset`,
    benchmarkVersion: null,
    scannedAt: isoTime(lastRun.time) ?? null,
  };
  let row = 0;
  for (const [serviceName, service] of Object.entries(doc.services)) {
    if (!isRecord(service) || !isRecord(service.findings)) continue;
    for (const [ruleId, finding] of Object.entries(service.findings)) {
      row++;
      const raw = JSON.stringify({ [ruleId]: finding });
      if (!isRecord(finding)) {
        yield {
          kind: "rejected",
          row,
          raw,
          problems: [{ field: `services.${serviceName}.findings.${ruleId}`, reason: "is not an object" }],
        };
        continue;
      }
      const items = Array.isArray(finding.items) ? finding.items.map(str).filter(Boolean) : [];
      const flagged = items.length
        ? `Flagged (${items.length}):\n${items.slice(0, EVIDENCE_ITEMS).join("\n")}${items.length > EVIDENCE_ITEMS ? "\n..." : ""}`
        : undefined;
      const compliance = Array.isArray(finding.compliance) ? finding.compliance.filter(isRecord) : [];
      yield toRecord(
        row,
        scan,
        {
          controlId: ruleId,
          title: str(finding.description) ?? ruleId,
          severity: severityOf(finding.level),
          result: scoutResult(finding),
          rationale: str(finding.rationale) ?? null,
          remediation: str(finding.remediation) ?? null,
          evidence: [`${str(finding.checked_items) ?? 0} checked, ${str(finding.flagged_items) ?? 0} flagged`, flagged]
            .filter(Boolean)
            .join("\n"),
          resourceId: null,
          resourceType: str(finding.path) ?? null,
          service: serviceName,
          mappings: compliance.flatMap((c) =>
            str(c.reference)
              ? [mapping(`${str(c.name) ?? "unknown"} ${str(c.version) ?? ""}`.trim(), str(c.reference) ?? "")]
              : [],
          ),
        },
        raw,
      );
    }
  }
};
