import { findingEvidenceMax, type FindingInput, type FindingSeverity, severityFromCvss } from "@watchfloor/shared";
import { isObject } from "../values";
import type { FindingImportEvent, FindingImporter, ImportSource } from "./types";
import { ImportFileError } from "./types";
import { clip, cveIds, cweId, toEvent, toNumber } from "./values";

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
  target?: string;
  seen?: string;
}

function asset(ctx: Context) {
  return { scanner: "trivy", image: ctx.image, target: ctx.target, firstSeen: ctx.seen, lastSeen: ctx.seen };
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

/**
 * Trivy JSON: schema 2 ({SchemaVersion: 2, ArtifactName, Results: [...]}) and the legacy form
 * (a top-level array of results). Vulnerabilities, failed misconfigurations and secrets are all
 * findings: each is a weakness on an asset that someone must fix.
 */
export const importTrivy: FindingImporter = async function* (source: ImportSource) {
  let doc: unknown;
  try {
    doc = JSON.parse(await source.text());
  } catch (error) {
    throw new ImportFileError(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const results = Array.isArray(doc) ? doc : isObject(doc) && Array.isArray(doc.Results) ? doc.Results : undefined;
  if (!results) throw new ImportFileError("Not a Trivy report: expected Results[] (schema 2) or an array of results");
  const top = isObject(doc) ? doc : {};
  const image = top.ArtifactType === "container_image" ? str(top.ArtifactName) : undefined;
  // Trivy writes nanoseconds and local offsets; the contract wants a plain ISO instant.
  const created = str(top.CreatedAt) ? new Date(String(top.CreatedAt)) : undefined;
  const seen = created && !Number.isNaN(created.getTime()) ? created.toISOString() : undefined;
  let row = 0;
  const emit = (candidate: FindingInput): FindingImportEvent => toEvent(row, candidate);
  for (const result of results) {
    if (!isObject(result)) {
      row++;
      yield { kind: "rejected", row, problems: [{ field: "Results", reason: "is not an object" }], raw: JSON.stringify(result) };
      continue;
    }
    const ctx: Context = { image, target: str(result.Target), seen };
    for (const v of list(result.Vulnerabilities)) {
      row++;
      yield emit(mapTrivyVulnerability(ctx, v));
    }
    for (const m of list(result.Misconfigurations)) {
      row++;
      const status = str(m.Status) ?? "FAIL";
      if (status !== "FAIL") yield { kind: "skipped", row, reason: `misconfiguration check ${status}` };
      else yield emit(mapTrivyMisconfiguration(ctx, m));
    }
    for (const s of list(result.Secrets)) {
      row++;
      yield emit(mapTrivySecret(ctx, s));
    }
  }
};
