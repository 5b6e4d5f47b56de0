import type { ComplianceResult, ComplianceScanInput } from "@watchfloor/shared";
import { parseDocument } from "../json-input";
import type { ComplianceImportEvent, ComplianceImporter, ImportSource } from "./types";
import { ImportFileError } from "./types";
import { isRecord, isoTime, severityOf, str, toRecord } from "./values";

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isRecord) : []);

const statuses: Record<string, ComplianceResult> = { FAIL: "fail", PASS: "pass", EXCEPTION: "not_applicable" };

function* misconfigurations(
  results: Obj[],
  scan: ComplianceScanInput,
  resourceOf: (r: Obj, m: Obj) => string,
  next: () => number,
): Iterable<ComplianceImportEvent> {
  for (const result of results) {
    for (const m of list(result.Misconfigurations)) {
      const row = next();
      const raw = JSON.stringify(m);
      const status = statuses[str(m.Status)?.toUpperCase() ?? ""];
      if (!status) {
        yield { kind: "rejected", row, raw, problems: [{ field: "Status", reason: "is not FAIL, PASS or EXCEPTION" }] };
        continue;
      }
      const cause = isRecord(m.CauseMetadata) ? m.CauseMetadata : {};
      const refs = Array.isArray(m.References) ? m.References.map(str).filter(Boolean) : [];
      yield toRecord(
        row,
        scan,
        {
          controlId: str(m.AVDID) ?? str(m.ID) ?? "",
          title: str(m.Title) ?? str(m.ID) ?? "",
          severity: severityOf(m.Severity),
          result: status,
          rationale: str(m.Description) ?? null,
          remediation:
            [str(m.Resolution), str(m.PrimaryURL), ...refs.filter((r) => r !== str(m.PrimaryURL))].filter(Boolean).join("\n") ||
            null,
          evidence:
            [str(m.Message), str(cause.StartLine) && `${str(result.Target)}:${str(cause.StartLine)}-${str(cause.EndLine)}`]
              .filter(Boolean)
              .join("\n") || null,
          resourceId: resourceOf(result, m),
          resourceType: str(result.Type) ?? null,
          service: str(cause.Service) ?? null,
          // Trivy's misconfiguration results name no frameworks (its --compliance reports do).
          mappings: [],
        },
        raw,
      );
    }
  }
}

/**
 * Trivy misconfiguration results (`--scanners misconfig --format json`): Results[] of
 * Class "config" with Misconfigurations[] (Status FAIL, PASS with --include-non-failures,
 * EXCEPTION when an exception applies); and `trivy k8s` reports (ClusterName, Resources[] of
 * Namespace/Kind/Name with their Results).
 */
export const importTrivyMisconfig: ComplianceImporter = async function* (source: ImportSource) {
  const doc = parseDocument(await source.text());
  if (!isRecord(doc) || (!Array.isArray(doc.Results) && !Array.isArray(doc.Resources)))
    throw new ImportFileError("Not a Trivy report: expected Results (or a trivy k8s report's Resources)");
  let row = 0;
  const next = () => ++row;
  const version = isRecord(doc.Trivy) ? (str(doc.Trivy.Version) ?? null) : null;
  const at = isoTime(doc.CreatedAt) ?? null;
  if (Array.isArray(doc.Resources)) {
    const cluster = str(doc.ClusterName) ?? "";
    const scan: ComplianceScanInput = {
      tool: "Trivy",
      toolVersion: version,
      targetKind: "kubernetes-cluster",
      targetId: cluster,
      targetName: null,
      benchmarkId: "trivy-misconfig-kubernetes",
      benchmarkTitle: "Trivy misconfiguration checks",
      benchmarkVersion: null,
      scannedAt: at,
    };
    for (const resource of list(doc.Resources)) {
      const name = [str(resource.Namespace), str(resource.Kind), str(resource.Name)].filter(Boolean).join("/");
      yield* misconfigurations(list(resource.Results), scan, () => name, next);
    }
    return;
  }
  const artifact = str(doc.ArtifactName) ?? "";
  const kind = str(doc.ArtifactType) === "aws_account" ? "cloud-account" : "host";
  const scan: ComplianceScanInput = {
    tool: "Trivy",
    toolVersion: version,
    targetKind: kind,
    targetId: artifact,
    targetName: str(doc.ArtifactType) ?? null,
    benchmarkId: "trivy-misconfig",
    benchmarkTitle: "Trivy misconfiguration checks",
    benchmarkVersion: null,
    scannedAt: at,
  };
  yield* misconfigurations(
    list(doc.Results),
    scan,
    (r, m) => str(isRecord(m.CauseMetadata) ? m.CauseMetadata.Resource : undefined) ?? str(r.Target) ?? artifact,
    next,
  );
};
