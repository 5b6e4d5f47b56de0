import type { ComplianceResult } from "@watchfloor/shared";
import { parseDocument } from "../json-input";
import type { ComplianceImporter, ImportSource } from "./types";
import { ImportFileError } from "./types";
import { isRecord, mapping, str, tidy, toRecord } from "./values";

const statuses: Record<string, ComplianceResult> = { PASS: "pass", FAIL: "fail", WARN: "manual", INFO: "not_checked" };

/**
 * kube-bench `--json`: an array of control sections (older releases) or `{ Controls: [...],
 * Totals }`. Each test is a CIS Kubernetes Benchmark recommendation; WARN means kube-bench could
 * not decide and the check is manual. kube-bench names neither the cluster nor the run time: the
 * cluster is "kubernetes" (the import's `target` option names it) and the time is left unset (the
 * import's time is used and the results' digest keys re-imports; docs/importers/compliance.md).
 */
export const importKubeBench: ComplianceImporter = async function* (source: ImportSource) {
  const doc = parseDocument(await source.text());
  const sections = Array.isArray(doc) ? doc : isRecord(doc) && Array.isArray(doc.Controls) ? doc.Controls : undefined;
  if (!sections) throw new ImportFileError("Not a kube-bench report: expected an array of controls or an object with Controls");
  let row = 0;
  for (const section of sections.filter(isRecord)) {
    // Older releases write "1.5", newer "cis-1.8".
    const version = str(section.version)?.replace(/^cis-/i, "");
    const scan = {
      tool: "kube-bench",
      toolVersion: null,
      targetKind: "kubernetes-cluster" as const,
      targetId: "kubernetes",
      targetName: str(section.node_type) ?? null,
      benchmarkId: `cis-kubernetes-${version ?? "unknown"}`,
      benchmarkTitle: `CIS Kubernetes Benchmark ${version ?? ""}`.trim(),
      benchmarkVersion: version ?? null,
      scannedAt: null,
    };
    for (const group of (Array.isArray(section.tests) ? section.tests : []).filter(isRecord)) {
      for (const test of (Array.isArray(group.results) ? group.results : []).filter(isRecord)) {
        row++;
        const raw = JSON.stringify(test);
        const result = statuses[str(test.status) ?? ""];
        if (!result) {
          yield { kind: "rejected", row, raw, problems: [{ field: "status", reason: "is not PASS, FAIL, WARN or INFO" }] };
          continue;
        }
        const id = str(test.test_number) ?? "";
        const evidence = [
          str(test.audit) && `audit: ${str(test.audit)}`,
          str(test.expected_result) && `expected: ${str(test.expected_result)}`,
          str(test.actual_value) && `actual: ${str(test.actual_value)}`,
          str(test.reason),
        ]
          .filter(Boolean)
          .join("\n");
        yield toRecord(
          row,
          scan,
          {
            controlId: id,
            title: str(test.test_desc) ?? id,
            // kube-bench gives no severity; "scored" is CIS's scoring flag, not a severity.
            severity: "unknown",
            result,
            rationale: str(group.desc) ? `${str(group.section)} ${str(group.desc)}` : null,
            remediation: tidy(str(test.remediation)) ?? null,
            evidence: evidence || null,
            resourceId: str(section.node_type) ?? null,
            resourceType: "node-type",
            // kube-bench's test numbers are the CIS Kubernetes Benchmark's own section numbers.
            mappings: id ? [mapping(`CIS Kubernetes Benchmark ${version ?? ""}`.trim(), id)] : [],
          },
          raw,
        );
      }
    }
  }
};
