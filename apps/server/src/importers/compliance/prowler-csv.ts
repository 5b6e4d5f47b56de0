import type { ComplianceImporter, ImportSource } from "./types";
import { ImportFileError } from "./types";
import { parseCsv } from "../csv";
import { prowlerComplianceColumn, prowlerResult, prowlerTargetKind } from "./prowler-shared";
import { isoTime, severityOf as severity, str, toRecord } from "./values";

/** Column names of Prowler v4/v5 first, then v3's for the same field. */
const columns = {
  time: ["TIMESTAMP", "ASSESSMENT_START_TIME"],
  account: ["ACCOUNT_UID", "ACCOUNT_ID"],
  accountName: ["ACCOUNT_NAME"],
  provider: ["PROVIDER"],
  check: ["CHECK_ID"],
  title: ["CHECK_TITLE"],
  status: ["STATUS"],
  statusExtended: ["STATUS_EXTENDED"],
  muted: ["MUTED"],
  service: ["SERVICE_NAME"],
  severity: ["SEVERITY"],
  resourceType: ["RESOURCE_TYPE"],
  resource: ["RESOURCE_UID", "RESOURCE_ARN", "RESOURCE_ID"],
  region: ["REGION"],
  description: ["DESCRIPTION"],
  risk: ["RISK"],
  remediation: ["REMEDIATION_RECOMMENDATION_TEXT"],
  remediationUrl: ["REMEDIATION_RECOMMENDATION_URL"],
  compliance: ["COMPLIANCE"],
  version: ["PROWLER_VERSION"],
} as const;

/**
 * Prowler CSV, v3 and v4/v5: `;`-separated, one row per check and resource. The COMPLIANCE
 * column lists the frameworks and requirements Prowler maps the check to. Muted findings are
 * kept with their result (muting is an exception, not a pass) and say so in the evidence.
 */
export const importProwlerCsv: ComplianceImporter = async function* (source: ImportSource) {
  let header: string[] | undefined;
  for await (const record of parseCsv(source.lines(), ";")) {
    if (!header) {
      header = record.fields.map((f) => f.trim().toUpperCase());
      if (!header.includes("CHECK_ID") || !header.includes("STATUS"))
        throw new ImportFileError("Not a Prowler CSV: the header has no CHECK_ID and STATUS columns", record.line);
      continue;
    }
    const cols = header;
    const get = (names: readonly string[]) => {
      for (const n of names) {
        const i = cols.indexOf(n);
        if (i >= 0 && str(record.fields[i])) return str(record.fields[i]);
      }
      return undefined;
    };
    const result = prowlerResult(get(columns.status));
    if (!result) {
      yield {
        kind: "rejected",
        row: record.line,
        raw: record.text,
        problems: [{ field: "STATUS", reason: "is not PASS, FAIL, MANUAL or INFO" }],
      };
      continue;
    }
    const muted = get(columns.muted)?.toLowerCase() === "true";
    const provider = get(columns.provider) ?? "";
    yield toRecord(
      record.line,
      {
        tool: "Prowler",
        toolVersion: get(columns.version) ?? null,
        targetKind: prowlerTargetKind(provider),
        targetId: get(columns.account) ?? "",
        targetName: get(columns.accountName) ?? null,
        benchmarkId: `prowler-${provider || "unknown"}`,
        benchmarkTitle: `Prowler ${provider} checks`,
        benchmarkVersion: null,
        scannedAt: isoTime(get(columns.time)) ?? null,
      },
      {
        controlId: get(columns.check) ?? "",
        title: get(columns.title) ?? get(columns.check) ?? "",
        severity: severity(get(columns.severity)),
        result,
        rationale: [get(columns.description), get(columns.risk)].filter(Boolean).join("\n\n") || null,
        remediation: [get(columns.remediation), get(columns.remediationUrl)].filter(Boolean).join("\n") || null,
        evidence: [get(columns.statusExtended), muted ? "Muted in Prowler." : undefined].filter(Boolean).join("\n") || null,
        resourceId: get(columns.resource) ?? null,
        resourceType: get(columns.resourceType) ?? null,
        region: get(columns.region) ?? null,
        service: get(columns.service) ?? null,
        mappings: prowlerComplianceColumn(get(columns.compliance)),
      },
      record.text,
    );
  }
};
