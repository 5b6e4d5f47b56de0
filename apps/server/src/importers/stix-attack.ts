import { normaliseTactic } from "@watchfloor/shared";
import type { AttackTechniquesTable } from "../db/tables";
import { type DetectionPaths, parseDetectionPaths } from "./stix-detection-paths";
import { ImportFileError } from "./types";

interface StixObject {
  type?: string;
  id?: string;
  name?: string;
  revoked?: boolean;
  x_mitre_deprecated?: boolean;
  x_mitre_is_subtechnique?: boolean;
  x_mitre_domains?: string[];
  x_mitre_version?: string;
  modified?: string;
  external_references?: { source_name?: string; external_id?: string; url?: string }[];
  kill_chain_phases?: { kill_chain_name?: string; phase_name?: string }[];
}

export interface AttackCatalogue {
  specVersion: string;
  domains: string[];
  techniques: AttackTechniquesTable[];
  /** What each technique's detections read (empty for bundles without detections). */
  detection: DetectionPaths;
}

const domainOfChain: Record<string, string> = {
  "mitre-attack": "enterprise-attack",
  "mitre-mobile-attack": "mobile-attack",
  "mitre-ics-attack": "ics-attack",
};

/**
 * Reads an ATT&CK STIX bundle (STIX 2.0 from mitre/cti or 2.1 from attack-stix-data; enterprise,
 * mobile or ICS) into technique rows. Revoked and deprecated objects are kept and marked, so an
 * alert naming an old id still shows what it was. Anything that is not a bundle is refused.
 */
export function parseAttackBundle(text: string): AttackCatalogue {
  let bundle: { type?: string; spec_version?: string; objects?: StixObject[] };
  try {
    bundle = JSON.parse(text) as typeof bundle;
  } catch (error) {
    throw new ImportFileError(`not valid JSON: ${(error as Error).message}`);
  }
  if (bundle?.type !== "bundle" || !Array.isArray(bundle.objects)) {
    throw new ImportFileError('not a STIX bundle: expected {"type": "bundle", "objects": [...]}');
  }
  // STIX 2.0 bundles carry spec_version themselves; in 2.1 it moved onto each object.
  const specVersion = bundle.spec_version ?? (bundle.objects.some((o) => "spec_version" in o) ? "2.1" : "2.0");
  const techniques: AttackTechniquesTable[] = [];
  const domains = new Set<string>();
  for (const o of bundle.objects) {
    if (o.type !== "attack-pattern" || !o.id || !o.name) continue;
    const ref = o.external_references?.find((r) => r.external_id && /^T\d{4}(\.\d{3})?$/.test(r.external_id));
    if (!ref?.external_id) continue;
    const chains = o.kill_chain_phases ?? [];
    const domain = o.x_mitre_domains?.[0] ?? domainOfChain[chains[0]?.kill_chain_name ?? ""] ?? "enterprise-attack";
    domains.add(domain);
    const tactics = [
      ...new Set(
        chains
          .map((p) => (p.phase_name ? (normaliseTactic(p.phase_name) ?? titleCase(p.phase_name)) : null))
          .filter((t): t is string => Boolean(t)),
      ),
    ];
    const isSub = o.x_mitre_is_subtechnique === true || ref.external_id.includes(".");
    techniques.push({
      stix_id: o.id,
      technique_id: ref.external_id,
      domain,
      name: o.name,
      tactics: JSON.stringify(tactics),
      is_subtechnique: isSub ? 1 : 0,
      parent_id: isSub ? (ref.external_id.split(".")[0] ?? null) : null,
      revoked: o.revoked ? 1 : 0,
      deprecated: o.x_mitre_deprecated ? 1 : 0,
      version: o.x_mitre_version ?? null,
      modified: o.modified ?? null,
      url: ref.url ?? null,
    });
  }
  if (techniques.length === 0)
    throw new ImportFileError("the bundle holds no ATT&CK techniques (attack-pattern objects with a T-number)");
  const ids = new Map(techniques.map((t) => [t.stix_id, t.technique_id]));
  const detection = parseDetectionPaths(bundle.objects as Parameters<typeof parseDetectionPaths>[0], ids);
  return { specVersion, domains: [...domains].sort(), techniques, detection };
}

/** ICS and mobile tactics ("inhibit-response-function") are not among the 14 Enterprise ones. */
const titleCase = (phase: string) =>
  phase
    .split("-")
    .map((w) => (w === "and" ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");
