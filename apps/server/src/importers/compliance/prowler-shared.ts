import type { ComplianceMapping, ComplianceResult, ComplianceTargetKind } from "@watchfloor/shared";
import { mapping, str } from "./values";

/** Prowler's STATUS / status_code; MANUAL checks need a person, INFO (v3) reports without judging. */
export function prowlerResult(status: unknown): ComplianceResult | undefined {
  const s = str(status)?.toUpperCase();
  if (s === "PASS") return "pass";
  if (s === "FAIL") return "fail";
  if (s === "MANUAL") return "manual";
  if (s === "INFO") return "not_checked";
  return undefined;
}

/** aws/azure/gcp: an account, subscription or project; kubernetes: a cluster (context); m365 and the rest: a tenant account. */
export function prowlerTargetKind(provider: unknown): ComplianceTargetKind {
  return str(provider)?.toLowerCase() === "kubernetes" ? "kubernetes-cluster" : "cloud-account";
}

/** The CSV COMPLIANCE column: "CIS-1.4: 1.20 | KISA-ISMS-P-2023: 2.5.6, 2.6.4 | ...". */
export function prowlerComplianceColumn(value: string | undefined): ComplianceMapping[] {
  const out: ComplianceMapping[] = [];
  for (const part of (value ?? "").split("|")) {
    const at = part.indexOf(":");
    if (at <= 0) continue;
    const source = part.slice(0, at).trim();
    for (const req of part.slice(at + 1).split(",")) if (req.trim()) out.push(mapping(source, req.trim()));
  }
  return out;
}
