import type { ComplianceMapping, ComplianceResult, ComplianceScanInput, ComplianceSeverity } from "@watchfloor/shared";
import { jsonItems } from "../json-input";
import type { ComplianceImportEvent, ComplianceImporter, ImportSource } from "./types";
import { isRecord, isoTime, mapping, str, tidy, toRecord } from "./values";

type Obj = Record<string, unknown>;

/** InSpec's impact scale (0.0-1.0), as its documentation bands it. */
export function severityFromImpact(impact: unknown): ComplianceSeverity {
  if (typeof impact === "string")
    return impact === "none"
      ? "info"
      : ((["low", "medium", "high", "critical"].find((s) => s === impact) as ComplianceSeverity | undefined) ?? "unknown");
  if (typeof impact !== "number" || !Number.isFinite(impact)) return "unknown";
  if (impact < 0.01) return "info";
  if (impact < 0.4) return "low";
  if (impact < 0.7) return "medium";
  if (impact < 0.9) return "high";
  return "critical";
}

/** A control's result from its tests: any failure fails it, then errors; all skipped is "not checked". */
export function controlResult(results: Obj[], status: unknown): ComplianceResult {
  const statuses = results.map((r) => str(r.status));
  if (statuses.includes("failed") || status === "failed") return "fail";
  if (statuses.includes("error") || status === "error") return "error";
  if (statuses.includes("passed") || status === "passed") return "pass";
  return "not_checked";
}

/**
 * Framework tags InSpec profiles carry: `nist: ["AC-2"]`, `cis: "distribution-independent-linux:2.2.1.1"`,
 * `ISO27001_2013: ["A.12.4.4"]`, `pci: [...]`, `hipaa: [...]`. Other tags (level, severity, gid...) are not mappings.
 */
function tagMappings(tags: unknown): ComplianceMapping[] {
  if (!isRecord(tags)) return [];
  const out: ComplianceMapping[] = [];
  for (const [key, value] of Object.entries(tags)) {
    if (!/^(nist|cis|cis_controls|iso|pci|hipaa|gdpr|soc|csf)/i.test(key)) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      const req = str(v);
      if (req) out.push(mapping(key, req));
    }
  }
  return out;
}

function description(control: Obj): string | undefined {
  if (Array.isArray(control.descriptions)) {
    const parts = control.descriptions
      .filter(isRecord)
      .filter((d) => d.label !== "fix" && d.label !== "check")
      .map((d) => str(d.data));
    if (parts.some(Boolean)) return tidy(parts.filter(Boolean).join("\n\n"));
  }
  return tidy(str(control.desc) ?? str(control.description));
}

function fix(control: Obj): string | undefined {
  const d = Array.isArray(control.descriptions)
    ? control.descriptions.filter(isRecord).find((x) => x.label === "fix")
    : undefined;
  return tidy(str(d?.data) ?? (isRecord(control.tags) ? str(control.tags.fix) : undefined));
}

function evidence(results: Obj[]): string | undefined {
  const lines = results.map((r) =>
    [str(r.status), str(r.code_desc), str(r.message), str(r.skip_message), str(r.exception)].filter(Boolean).join(": "),
  );
  return lines.filter(Boolean).join("\n") || undefined;
}

const earliest = (controls: Obj[]) =>
  controls
    .flatMap((c) => (Array.isArray(c.results) ? c.results.filter(isRecord).map((r) => isoTime(r.start_time)) : []))
    .filter((t): t is string => Boolean(t))
    .sort()[0];

function control(row: number, c: Obj, scan: ComplianceScanInput, raw: string): ComplianceImportEvent {
  const results = Array.isArray(c.results) ? c.results.filter(isRecord) : [];
  const tags = c.tags ?? c.control_tags;
  return toRecord(
    row,
    scan,
    {
      controlId: str(c.id) ?? "",
      title: str(c.title) ?? str(c.id) ?? "",
      severity: severityFromImpact(c.impact),
      result: controlResult(results, c.status),
      rationale: description(c) ?? null,
      remediation: fix(c) ?? null,
      evidence: evidence(results) ?? null,
      resourceId: scan.targetId,
      resourceType: "host",
      mappings: tagMappings(tags),
    },
    raw,
  );
}

function scanOf(platform: Obj, profile: Obj, version: unknown, at: string | undefined): ComplianceScanInput {
  return {
    tool: "Chef InSpec",
    toolVersion: str(version) ?? null,
    targetKind: "host",
    targetId: str(platform.target_id) ?? str(platform.hostname) ?? "",
    targetName: [str(platform.name), str(platform.release)].filter(Boolean).join(" ") || null,
    benchmarkId: str(profile.name) ?? "",
    benchmarkTitle: str(profile.title) ?? null,
    benchmarkVersion: str(profile.version) ?? null,
    scannedAt: at ?? null,
  };
}

/**
 * Chef InSpec: the JSON reporter (`--reporter json`: platform, profiles[].controls[]) or one
 * control per line as log shippers write it (each line with its platform and profile). The scan
 * time is the earliest test start (or the line's batch_runtime): InSpec writes no run time.
 */
export const importInspec: ComplianceImporter = async function* (source: ImportSource) {
  let row = 0;
  for await (const item of jsonItems(source, [])) {
    if (item.error !== undefined || !isRecord(item.value)) {
      yield {
        kind: "rejected",
        row: item.row,
        raw: item.text,
        problems: [{ field: "line", reason: item.error || "is not a JSON object" }],
      };
      continue;
    }
    const doc = item.value;
    if (Array.isArray(doc.profiles)) {
      const platform = isRecord(doc.platform) ? doc.platform : {};
      for (const profile of doc.profiles.filter(isRecord)) {
        const controls = Array.isArray(profile.controls) ? profile.controls.filter(isRecord) : [];
        const scan = scanOf(platform, profile, doc.version, earliest(controls));
        for (const c of controls) yield control(++row, c, scan, JSON.stringify(c));
      }
      continue;
    }
    const platform = isRecord(doc.platform) ? doc.platform : {};
    const profile = isRecord(doc.profile) ? doc.profile : { name: doc.profile_name };
    yield control(
      item.row,
      doc,
      scanOf(platform, profile, doc.version, isoTime(doc.batch_runtime) ?? earliest([doc])),
      item.text,
    );
  }
};
