import {
  type ComplianceCheckInput,
  complianceCheckInputSchema,
  complianceEvidenceMax,
  complianceFrameworkOf,
  type ComplianceMapping,
  type ComplianceScanInput,
  complianceScanInputSchema,
  type ComplianceSeverity,
  complianceTextMax,
} from "@watchfloor/shared";
import { clip } from "../findings/values";
import type { ComplianceImportEvent } from "./types";

export { clip, oneLine, tidy } from "../findings/values";

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A trimmed non-empty string, or undefined; numbers are written out. */
export function str(v: unknown): string | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return undefined;
  const t = v.trim();
  return t ? t : undefined;
}

/** Severity words the tools use (Prowler "informational", OCSF "Fatal", XCCDF "unknown"). */
export function severityOf(v: unknown): ComplianceSeverity {
  const s = str(v)?.toLowerCase();
  if (!s) return "unknown";
  if (s === "critical" || s === "fatal" || s === "very high") return "critical";
  if (s === "high" || s === "danger") return "high";
  if (s === "medium" || s === "moderate" || s === "warning") return "medium";
  if (s === "low") return "low";
  if (s === "info" || s === "informational" || s === "information") return "info";
  return "unknown";
}

/** An ISO time from the tool's, or undefined when it does not parse. Times without a zone are read as UTC. */
export function isoTime(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  const withZone = /(Z|[+-]\d\d:?\d\d)$/i.test(s) ? s : `${s.replace(" ", "T")}Z`;
  const normal = withZone.replace(/([+-]\d\d)(\d\d)$/, "$1:$2").replace(" ", "T");
  const d = new Date(normal);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function mapping(source: string, requirement: string): ComplianceMapping {
  return { source: source.slice(0, 200), framework: complianceFrameworkOf(source), requirement: requirement.slice(0, 200) };
}

/** `{ "CIS-3.0": ["1.20"], ... }` (Prowler JSON, OCSF unmapped.compliance). */
export function mappingsFromObject(value: unknown): ComplianceMapping[] {
  if (!isRecord(value)) return [];
  const out: ComplianceMapping[] = [];
  for (const [source, reqs] of Object.entries(value)) {
    for (const r of Array.isArray(reqs) ? reqs : [reqs]) {
      const req = str(r);
      if (req && source.trim()) out.push(mapping(source.trim(), req));
    }
  }
  return out;
}

/** Mappings de-duplicated, at most 500 (the contract's bound). */
export function uniqueMappings(list: ComplianceMapping[]): ComplianceMapping[] {
  const seen = new Map<string, ComplianceMapping>();
  for (const m of list) seen.set(`${m.source}\u0000${m.requirement}`, m);
  return [...seen.values()].slice(0, 500);
}

/** Clips free text to the contract's bounds so a long tool output never rejects a record. */
export function bounded(check: ComplianceCheckInput): ComplianceCheckInput {
  return {
    ...check,
    title: check.title.slice(0, 1000),
    rationale: clip(check.rationale, complianceTextMax) ?? null,
    remediation: clip(check.remediation, complianceTextMax) ?? null,
    evidence: clip(check.evidence, complianceEvidenceMax) ?? null,
    resourceId: check.resourceId?.slice(0, 2000) ?? null,
    mappings: uniqueMappings(check.mappings),
  };
}

/** U+0000 (a JSON "\u0000" in a tool's output) cannot be stored in PostgreSQL text: shown as U+FFFD. */
function withoutNul<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll("\u0000", "\uFFFD") as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
  return value;
}

/** Validates a mapped record against the shared contract: a record or a rejection naming the fields. */
export function toRecord(
  row: number,
  scan: ComplianceScanInput,
  check: ComplianceCheckInput,
  raw: string,
): ComplianceImportEvent {
  const s = complianceScanInputSchema.safeParse(withoutNul(scan));
  const c = complianceCheckInputSchema.safeParse(withoutNul(bounded(check)));
  if (s.success && c.success) return { kind: "record", row, scan: s.data, check: c.data, raw };
  const issues = [...(s.success ? [] : s.error.issues), ...(c.success ? [] : c.error.issues)];
  return {
    kind: "rejected",
    row,
    raw,
    problems: issues.map((i) => ({ field: i.path.join(".") || "record", reason: i.message })),
  };
}
