import { findingEvidenceMax, type FindingInput, type FindingSeverity, severityFromCvss } from "@watchfloor/shared";
import { isObject } from "../values";
import type { FindingImportEvent, FindingImporter, ImportSource } from "./types";
import { ImportFileError } from "./types";
import { clip, cveIds, cweId, toEvent, toNumber } from "./values";
import { parseDocument } from "../json-input";

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

const severities: Record<string, FindingSeverity> = { LOW: "Low", MEDIUM: "Medium", HIGH: "High", CRITICAL: "Critical" };

/**
 * Trivy's severity, else the CVSS score's band, else Low: UNKNOWN means "not yet rated", and a
 * known vulnerability in an installed package is never nothing.
 */
function severity(value: unknown, score: number | undefined): FindingSeverity {
  return severities[String(value ?? "").toUpperCase()] ?? (score !== undefined ? severityFromCvss(score) : null) ?? "Low";
}

/** The rating of the source Trivy took the severity from, else NVD, else any; newest CVSS version first. */
function cvss(v: Json): { score?: number; vector?: string } {
  const all = isObject(v.CVSS) ? v.CVSS : {};
  const preferred = [str(v.SeveritySource), "nvd", ...Object.keys(all)].filter((k): k is string => Boolean(k));
  for (const key of preferred) {
    const entry = all[key];
    if (!isObject(entry)) continue;
    for (const ver of ["V40", "V3", "V2"]) {
      const score = toNumber(entry[`${ver}Score`] as number | undefined);
      if (score !== undefined) return { score, vector: str(entry[`${ver}Vector`]) };
    }
  }
  return {};
}

interface Context {
  image?: string;
  /** A Kubernetes resource: `k8s://<cluster>/<namespace>/<kind>/<name>`. */
  cloudResourceId?: string;
  target?: string;
  seen?: string;
}

function asset(ctx: Context) {
  return {
    scanner: "trivy",
    cloudResourceId: ctx.cloudResourceId,
    image: ctx.image,
    target: ctx.target,
    firstSeen: ctx.seen,
    lastSeen: ctx.seen,
  };
}

export function mapTrivyVulnerability(ctx: Context, v: Json): FindingInput {
  const id = str(v.VulnerabilityID) ?? "";
  const pkg = str(v.PkgName) ?? "";
  const installed = str(v.InstalledVersion) ?? "";
  const fixed = str(v.FixedVersion);
  const { score, vector } = cvss(v);
  const cwes = Array.isArray(v.CweIDs) ? v.CweIDs.filter((c): c is string => typeof c === "string") : [];
  return {
    ...asset(ctx),
    // One advisory hits one asset once per installed package version: that triple is stable.
    scannerFindingId: id && pkg ? [id, pkg, installed].join("|") : "",
    title: str(v.Title) ?? (id ? `${id} in ${pkg}` : ""),
    description: clip(str(v.Description), 10000),
    severity: severity(v.Severity, score),
    cvssScore: score,
    cvssVector: vector,
    cveIds: cveIds([id]),
    cweId: cweId(cwes[0]),
    remediation: fixed ? `Upgrade ${pkg} to ${fixed}` : undefined,
    evidence: clip(
      [`${pkg} ${installed} installed`, fixed ? `fixed in ${fixed}` : "no fixed version", str(v.PkgPath)]
        .filter(Boolean)
        .join("; "),
      findingEvidenceMax,
    ),
    raw: v,
  };
}

export function mapTrivyMisconfiguration(ctx: Context, m: Json): FindingInput {
  const cause = isObject(m.CauseMetadata) ? m.CauseMetadata : {};
  const id = str(m.AVDID) ?? str(m.ID) ?? "";
  const resource = str(cause.Resource);
  return {
    ...asset(ctx),
    scannerFindingId: resource ? `${id}|${resource}` : id,
    title: str(m.Title) ?? id,
    description: clip(str(m.Description), 10000),
    severity: severity(m.Severity, undefined),
    remediation: clip(str(m.Resolution), 5000),
    evidence: clip(str(m.Message), findingEvidenceMax),
    raw: m,
  };
}

export function mapTrivySecret(ctx: Context, s: Json): FindingInput {
  const rule = str(s.RuleID) ?? "";
  const line = toNumber(s.StartLine as number | undefined);
  return {
    ...asset(ctx),
    // Two hits of one rule in one file differ only by where they are.
    scannerFindingId: line !== undefined ? `${rule}|L${line}` : rule,
    title: str(s.Title) ?? rule,
    description: str(s.Category)
      ? `Secret of category ${str(s.Category)} committed in ${ctx.target ?? "the artifact"}`
      : undefined,
    severity: severity(s.Severity, undefined),
    remediation: "Revoke and rotate the credential, then remove it from the source and its history",
    // Trivy masks the secret itself in Match ("GITHUB_PAT=*****"); nothing else of it is kept.
    evidence: clip(line !== undefined ? `line ${line}: ${str(s.Match) ?? ""}` : str(s.Match), findingEvidenceMax),
    raw: s,
  };
}

/** Counts rows across the whole document: the 1-based position of each record (see types.ts). */
interface Row {
  n: number;
}

/** The findings of Results[]: vulnerabilities, failed misconfigurations and secrets, in that order. */
function* resultEvents(
  results: unknown[],
  field: string,
  ctxOf: (result: Json) => Context,
  row: Row,
): Generator<FindingImportEvent> {
  for (const result of results) {
    if (!isObject(result)) {
      yield { kind: "rejected", row: ++row.n, problems: [{ field, reason: "is not an object" }], raw: JSON.stringify(result) };
      continue;
    }
    const ctx = ctxOf(result);
    for (const v of list(result.Vulnerabilities)) yield toEvent(++row.n, mapTrivyVulnerability(ctx, v));
    for (const m of list(result.Misconfigurations)) {
      const status = str(m.Status) ?? "FAIL";
      if (status !== "FAIL") yield { kind: "skipped", row: ++row.n, reason: `misconfiguration check ${status}` };
      else yield toEvent(++row.n, mapTrivyMisconfiguration(ctx, m));
    }
    for (const s of list(result.Secrets)) yield toEvent(++row.n, mapTrivySecret(ctx, s));
  }
}

/**
 * Where a `trivy k8s` report keeps its resources: Resources[] (current), Findings[] (the
 * consolidated `--report summary` JSON) or Vulnerabilities[] and Misconfigurations[] (older
 * releases; both are arrays of resources, and one resource can be in both).
 */
const k8sResourceKeys = ["Resources", "Findings", "Vulnerabilities", "Misconfigurations"] as const;

function k8sResources(doc: Json): { path: string; resource: unknown }[] {
  const present = k8sResourceKeys.filter((k) => k in doc);
  const bad = present.find((k) => !Array.isArray(doc[k]));
  if (bad) {
    const got = doc[bad] === null ? "null" : typeof doc[bad];
    throw new ImportFileError(
      `Not a Trivy Kubernetes report: ClusterName is set but ${bad} is ${got}, not an array of resources`,
    );
  }
  if (present.length === 0)
    throw new ImportFileError("Not a Trivy Kubernetes report: ClusterName is set but there is no Resources[] array");
  return present.flatMap((k) => (doc[k] as unknown[]).map((resource, i) => ({ path: `${k}[${i}]`, resource })));
}

/**
 * `trivy k8s --format json`: each resource (Namespace, Kind, Name) is one asset with a cloud
 * identity. The image a workload runs is not set as `image`: two Deployments running one image are
 * two assets, and an image identity would join them (and join them to the image's own scan).
 */
function* k8sEvents(doc: Json, seen: string | undefined, row: Row): Generator<FindingImportEvent> {
  const cluster = str(doc.ClusterName) ?? "";
  for (const { path, resource } of k8sResources(doc)) {
    if (!isObject(resource)) {
      yield {
        kind: "rejected",
        row: ++row.n,
        problems: [{ field: path, reason: "is not an object" }],
        raw: JSON.stringify(resource),
      };
      continue;
    }
    const results = resource.Results;
    if (results === undefined || results === null || (Array.isArray(results) && results.length === 0)) {
      // Trivy records a failed scan of a resource in Error and leaves Results out.
      const reason = str(resource.Error)
        ? "kubernetes resource not scanned (Trivy error)"
        : "kubernetes resource without results";
      yield { kind: "skipped", row: ++row.n, reason };
      continue;
    }
    const kind = str(resource.Kind);
    const name = str(resource.Name);
    const problems = [
      ...(Array.isArray(results) ? [] : [{ field: `${path}.Results`, reason: "is not an array" }]),
      ...(kind ? [] : [{ field: `${path}.Kind`, reason: "is missing: a resource needs Kind and Name to be an asset" }]),
      ...(name ? [] : [{ field: `${path}.Name`, reason: "is missing: a resource needs Kind and Name to be an asset" }]),
    ];
    if (!Array.isArray(results) || !kind || !name) {
      yield { kind: "rejected", row: ++row.n, problems, raw: clip(JSON.stringify(resource), 20000) ?? "" };
      continue;
    }
    // Cluster-scoped resources (ClusterRole, NodeInfo) have no namespace: the segment stays empty
    // so the id always has four parts and reads from the right even if the cluster name has a "/".
    const cloudResourceId = `k8s://${cluster}/${str(resource.Namespace) ?? ""}/${kind}/${name}`;
    yield* resultEvents(results, `${path}.Results`, (result) => ({ cloudResourceId, target: str(result.Target), seen }), row);
  }
}

/**
 * Trivy JSON: schema 2 ({SchemaVersion: 2, ArtifactName, Results: [...]}), the legacy form
 * (a top-level array of results) and Kubernetes reports ({ClusterName, Resources: [...]}).
 * Vulnerabilities, failed misconfigurations and secrets are all findings: each is a weakness on an
 * asset that someone must fix.
 */
export const importTrivy: FindingImporter = async function* (source: ImportSource) {
  // The shared reader: the fault's line and column, and hostile nesting refused before parsing.
  const doc = parseDocument(await source.text());
  const top = isObject(doc) ? doc : {};
  // Trivy writes nanoseconds and local offsets; the contract wants a plain ISO instant.
  const created = str(top.CreatedAt) ? new Date(String(top.CreatedAt)) : undefined;
  const seen = created && !Number.isNaN(created.getTime()) ? created.toISOString() : undefined;
  const row: Row = { n: 0 };
  if ("ClusterName" in top) {
    yield* k8sEvents(top, seen, row);
    return;
  }
  const results = Array.isArray(doc) ? doc : Array.isArray(top.Results) ? top.Results : undefined;
  if (!results) {
    throw new ImportFileError(
      "Not a Trivy report: expected Results[] (schema 2), an array of results, or ClusterName with Resources[] (Kubernetes)",
    );
  }
  const image = top.ArtifactType === "container_image" ? str(top.ArtifactName) : undefined;
  yield* resultEvents(results, "Results", (result) => ({ image, target: str(result.Target), seen }), row);
};
