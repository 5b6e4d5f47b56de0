import type { ComplianceMapping, ComplianceResult, ComplianceScanInput } from "@watchfloor/shared";
import { complianceJsonItems as jsonItems } from "./json-array";
import type { ComplianceImporter, ImportSource } from "./types";
import { prowlerResult, prowlerTargetKind } from "./prowler-shared";
import { isRecord, isoTime, mapping, mappingsFromObject, severityOf, str, toRecord } from "./values";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (isRecord(v) ? v : {});

/** OCSF's event time: time_dt (ISO) or time (epoch milliseconds), else Prowler's event_time. */
function eventTime(e: Obj): string | null {
  if (typeof e.time === "number" && Number.isFinite(e.time)) return new Date(e.time).toISOString();
  return isoTime(e.time_dt) ?? isoTime(e.event_time) ?? isoTime(obj(e.finding_info).created_time) ?? null;
}

/** The compliance object's verdict: status_code words first (Security Hub's), then status_id (1 Pass, 2 Warning, 3 Fail). */
export function ocsfComplianceResult(compliance: Obj): ComplianceResult | undefined {
  const code = str(compliance.status_code)?.toUpperCase();
  if (code === "PASS" || code === "PASSED") return "pass";
  if (code === "FAIL" || code === "FAILED") return "fail";
  if (code === "MANUAL") return "manual";
  if (code === "NOT_AVAILABLE" || code === "NOT_APPLICABLE") return "not_applicable";
  // Security Hub: WARNING means information was missing or the check is unsupported here.
  if (code === "WARNING") return "not_checked";
  return ({ 1: "pass", 2: "not_checked", 3: "fail" } as Record<number, ComplianceResult>)[Number(compliance.status_id)];
}

/** `requirements: ["NIST.800-53.r5 AC-4", "PCI DSS v3.2.1/1.2.1"]`: the label is what precedes the id. */
function requirementMapping(text: string): ComplianceMapping {
  const m = text.match(/^(.*\S)[\s/]+([^\s/]+)$/);
  return m ? mapping(m[1] ?? text, m[2] ?? text) : mapping("requirement", text);
}

function base(
  row: number,
  e: Obj,
  raw: string,
  result: ComplianceResult,
  tool: string,
  mappings: ComplianceMapping[],
  controlId: string,
) {
  const info = obj(e.finding_info);
  const resource = obj(Array.isArray(e.resources) ? e.resources[0] : undefined);
  const cloud = obj(e.cloud);
  const account = obj(cloud.account);
  const product = obj(obj(e.metadata).product);
  const provider = str(cloud.provider) ?? str(resource.cloud_partition) ?? "";
  const scan: ComplianceScanInput = {
    tool,
    toolVersion: str(product.version) ?? null,
    // A cloud account when the event names one; a device (OCSF `device`) is a host.
    targetKind: !str(account.uid) && str(obj(e.device).hostname) ? "host" : prowlerTargetKind(provider),
    targetId: str(account.uid) ?? str(obj(e.device).hostname) ?? str(resource.uid) ?? "",
    targetName: str(account.name) ?? null,
    benchmarkId:
      tool === "Prowler"
        ? `prowler-${provider || "unknown"}`
        : (str(obj(e.compliance).standards) ?? `${tool} ${provider}`.trim()),
    benchmarkTitle: tool === "Prowler" ? `Prowler ${provider} checks` : null,
    benchmarkVersion: null,
    scannedAt: eventTime(e),
  };
  const remediation = obj(e.remediation);
  const refs = Array.isArray(remediation.references) ? remediation.references.map(str).filter(Boolean) : [];
  return toRecord(
    row,
    scan,
    {
      controlId,
      title: str(info.title) ?? controlId,
      severity: severityOf(e.severity),
      result,
      rationale: [str(info.desc), str(e.risk_details)].filter(Boolean).join("\n\n") || null,
      remediation: [str(remediation.desc), ...refs].filter(Boolean).join("\n") || null,
      evidence: str(e.status_detail) ?? str(obj(e.compliance).status_detail) ?? null,
      resourceId: str(resource.uid) ?? str(resource.name) ?? null,
      resourceType: str(resource.type) ?? null,
      region: str(resource.region) ?? str(cloud.region) ?? null,
      service: str(obj(resource.group).name) ?? null,
      mappings,
    },
    raw,
  );
}

/**
 * Prowler v4/v5 JSON-OCSF: Detection Findings (class 2004) with the check id in
 * metadata.event_code, the verdict in status_code and Prowler's framework mappings in
 * unmapped.compliance.
 */
export const importProwlerOcsf: ComplianceImporter = async function* (source: ImportSource) {
  for await (const item of jsonItems(source)) {
    const e = item.value;
    if (item.error !== undefined || !isRecord(e)) {
      yield {
        kind: "rejected",
        row: item.row,
        raw: item.text,
        problems: [{ field: "record", reason: item.error || "is not a JSON object" }],
      };
      continue;
    }
    const result = prowlerResult(e.status_code);
    const checkId = str(obj(e.metadata).event_code) ?? "";
    if (!result) {
      yield {
        kind: "rejected",
        row: item.row,
        raw: item.text,
        problems: [{ field: "status_code", reason: "is not PASS, FAIL or MANUAL" }],
      };
      continue;
    }
    yield base(item.row, e, item.text, result, "Prowler", mappingsFromObject(obj(e.unmapped).compliance), checkId);
  }
};

/**
 * OCSF Compliance Finding (class 2003): the verdict and the mappings in `compliance`
 * (control, standards[], requirements[], status_id). Other classes are skipped.
 */
export const importOcsfCompliance: ComplianceImporter = async function* (source: ImportSource) {
  for await (const item of jsonItems(source)) {
    const e = item.value;
    if (item.error !== undefined || !isRecord(e)) {
      yield {
        kind: "rejected",
        row: item.row,
        raw: item.text,
        problems: [{ field: "record", reason: item.error || "is not a JSON object" }],
      };
      continue;
    }
    if (Number(e.class_uid) !== 2003) {
      yield {
        kind: "skipped",
        row: item.row,
        reason: `OCSF class ${str(e.class_uid) ?? "missing"} is not a Compliance Finding (2003)`,
      };
      continue;
    }
    const compliance = obj(e.compliance);
    const result = ocsfComplianceResult(compliance);
    if (!result) {
      yield {
        kind: "rejected",
        row: item.row,
        raw: item.text,
        problems: [{ field: "compliance.status_id", reason: "is missing or not Pass (1), Warning (2) or Fail (3)" }],
      };
      continue;
    }
    const control = str(compliance.control) ?? str(obj(e.finding_info).uid) ?? "";
    const standards = (Array.isArray(compliance.standards) ? compliance.standards : [])
      .map(str)
      .filter((s): s is string => Boolean(s));
    const requirements = (Array.isArray(compliance.requirements) ? compliance.requirements : [])
      .map(str)
      .filter((s): s is string => Boolean(s));
    const mappings = [...standards.map((s) => mapping(s, control)), ...requirements.map(requirementMapping)].filter(
      (m) => m.requirement,
    );
    const tool = str(obj(obj(e.metadata).product).name) ?? "OCSF";
    const event = { ...e, compliance: { ...compliance, standards: standards.join(", ") || undefined } };
    yield base(item.row, event, item.text, result, tool, mappings, control);
  }
};
