import type { AttackDataComponentsTable, AttackDetectionPathsTable } from "../db/tables";

interface StixObject {
  type?: string;
  id?: string;
  name?: string;
  revoked?: boolean;
  x_mitre_deprecated?: boolean;
  x_mitre_domains?: string[];
  external_references?: { source_name?: string; external_id?: string }[];
  relationship_type?: string;
  source_ref?: string;
  target_ref?: string;
  x_mitre_analytic_refs?: string[];
  x_mitre_log_source_references?: { x_mitre_data_component_ref?: string }[];
}

export interface DetectionPaths {
  components: AttackDataComponentsTable[];
  paths: AttackDetectionPathsTable[];
}

const externalId = (o: StixObject, pattern: RegExp) =>
  o.external_references?.find((r) => r.external_id && pattern.test(r.external_id))?.external_id;

/**
 * What each technique's detections read, from an ATT&CK bundle: its data components, and per
 * technique the analytics of the detection strategies that detect it with the components each
 * analytic's log sources name (ATT&CK 18 and later). Older bundles say "data component detects
 * technique" directly; each such link is an analytic of its own with that one component.
 * Revoked and deprecated components are left out. `techniqueIds` maps attack-pattern STIX ids to
 * T-numbers.
 */
export function parseDetectionPaths(objects: StixObject[], techniqueIds: ReadonlyMap<string, string>): DetectionPaths {
  const byId = new Map(objects.filter((o) => o.id).map((o) => [o.id as string, o]));
  const components = new Map<string, AttackDataComponentsTable>();
  for (const o of objects) {
    if (o.type !== "x-mitre-data-component" || !o.id || !o.name || o.revoked || o.x_mitre_deprecated) continue;
    const id = externalId(o, /^DC\d{4}$/);
    if (id) components.set(o.id, { component_id: id, domain: o.x_mitre_domains?.[0] ?? "enterprise-attack", name: o.name });
  }
  const paths = new Map<string, AttackDetectionPathsTable>();
  const add = (technique: string, domain: string, analytic: string, componentRef: string | undefined) => {
    const component = componentRef ? components.get(componentRef) : undefined;
    if (!component) return;
    const row = { domain, technique_id: technique, analytic_id: analytic, component_id: component.component_id };
    paths.set(`${technique} ${analytic} ${component.component_id}`, row);
  };
  for (const r of objects) {
    if (r.type !== "relationship" || r.relationship_type !== "detects" || r.revoked || !r.source_ref || !r.target_ref) continue;
    const technique = techniqueIds.get(r.target_ref);
    const source = byId.get(r.source_ref);
    if (!technique || !source) continue;
    const domain = source.x_mitre_domains?.[0] ?? "enterprise-attack";
    if (source.type === "x-mitre-data-component") {
      add(technique, domain, source.id as string, source.id);
      continue;
    }
    if (source.type !== "x-mitre-detection-strategy" || source.x_mitre_deprecated) continue;
    for (const analyticRef of source.x_mitre_analytic_refs ?? []) {
      const analytic = byId.get(analyticRef);
      if (!analytic || analytic.revoked || analytic.x_mitre_deprecated) continue;
      const name = externalId(analytic, /^AN\d+$/) ?? analyticRef;
      for (const log of analytic.x_mitre_log_source_references ?? [])
        add(technique, domain, name, log.x_mitre_data_component_ref);
    }
  }
  return { components: [...components.values()], paths: [...paths.values()] };
}
