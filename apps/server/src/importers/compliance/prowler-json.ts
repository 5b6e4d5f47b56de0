import { complianceJsonItems as jsonItems } from "./json-array";
import type { ComplianceImporter, ImportSource } from "./types";
import { prowlerResult, prowlerTargetKind } from "./prowler-shared";
import { isRecord, isoTime, mappingsFromObject, severityOf, str, toRecord } from "./values";

/**
 * Prowler v3 JSON (`-M json`): an array of findings with CheckID, Status, Compliance
 * `{ "CIS-1.5": ["1.20"], ... }` and the account as AccountId (aws), Subscription (azure) or
 * ProjectId (gcp).
 */
export const importProwlerJson: ComplianceImporter = async function* (source: ImportSource) {
  for await (const item of jsonItems(source)) {
    const f = item.value;
    if (item.error !== undefined || !isRecord(f)) {
      yield {
        kind: "rejected",
        row: item.row,
        raw: item.text,
        problems: [{ field: "record", reason: item.error || "is not a JSON object" }],
      };
      continue;
    }
    const result = prowlerResult(f.Status);
    if (!result) {
      yield {
        kind: "rejected",
        row: item.row,
        raw: item.text,
        problems: [{ field: "Status", reason: "is not PASS, FAIL, MANUAL or INFO" }],
      };
      continue;
    }
    const provider = str(f.Provider) ?? "";
    const remediation = isRecord(f.Remediation) && isRecord(f.Remediation.Recommendation) ? f.Remediation.Recommendation : {};
    yield toRecord(
      item.row,
      {
        tool: "Prowler",
        toolVersion: null,
        targetKind: prowlerTargetKind(provider),
        targetId: str(f.AccountId) ?? str(f.Subscription) ?? str(f.ProjectId) ?? "",
        targetName: isRecord(f.OrganizationsInfo) ? (str(f.OrganizationsInfo.account_details_name) ?? null) : null,
        benchmarkId: `prowler-${provider || "unknown"}`,
        benchmarkTitle: `Prowler ${provider} checks`,
        benchmarkVersion: null,
        scannedAt: isoTime(f.AssessmentStartTime) ?? null,
      },
      {
        controlId: str(f.CheckID) ?? "",
        title: str(f.CheckTitle) ?? str(f.CheckID) ?? "",
        severity: severityOf(f.Severity),
        result,
        rationale: [str(f.Description), str(f.Risk)].filter(Boolean).join("\n\n") || null,
        remediation: [str(remediation.Text), str(remediation.Url)].filter(Boolean).join("\n") || null,
        evidence: str(f.StatusExtended) ?? null,
        resourceId: str(f.ResourceArn) ?? str(f.ResourceId) ?? null,
        resourceType: str(f.ResourceType) ?? null,
        region: str(f.Region) ?? str(f.Location) ?? null,
        service: str(f.ServiceName) ?? null,
        mappings: mappingsFromObject(f.Compliance),
      },
      item.text,
    );
  }
};
