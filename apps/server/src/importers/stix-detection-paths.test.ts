import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseAttackBundle } from "./stix-attack";

const data = path.resolve(fileURLToPath(new URL("../../../../../shared/data/attack", import.meta.url)));

describe("detection paths of an ATT&CK bundle", () => {
  it("reads ATT&CK 18's detection strategies, analytics and their data components", () => {
    const { detection, techniques } = parseAttackBundle(readFileSync(path.join(data, "enterprise-attack.json"), "utf8"));
    // 109 components in the bundle, three of them deprecated.
    expect(detection.components).toHaveLength(106);
    expect(detection.components.find((c) => c.component_id === "DC0032")?.name).toBe("Process Creation");
    const known = new Set(techniques.map((t) => t.technique_id));
    expect(detection.paths.every((p) => known.has(p.technique_id))).toBe(true);
    const powershell = detection.paths.filter((p) => p.technique_id === "T1059.001");
    expect(powershell.length).toBeGreaterThan(0);
    expect(powershell.every((p) => /^AN\d+$/.test(p.analytic_id))).toBe(true);
    expect(powershell.map((p) => p.component_id)).toContain("DC0064"); // Command Execution
    // Most current techniques have at least one detection path.
    const current = techniques.filter((t) => !t.revoked && !t.deprecated).map((t) => t.technique_id);
    const covered = new Set(detection.paths.map((p) => p.technique_id));
    expect(current.filter((id) => covered.has(id)).length / current.length).toBeGreaterThan(0.9);
  });

  it("reads older bundles' data component → technique links as one-component analytics", () => {
    const ref = (id: string) => [{ source_name: "mitre-attack", external_id: id }];
    const bundle = {
      type: "bundle",
      objects: [
        { type: "attack-pattern", id: "attack-pattern--1", name: "Phishing", external_references: ref("T1566") },
        {
          type: "x-mitre-data-component",
          id: "x-mitre-data-component--a",
          name: "Network Traffic Content",
          external_references: ref("DC0085"),
        },
        {
          type: "x-mitre-data-component",
          id: "x-mitre-data-component--b",
          name: "Old",
          x_mitre_deprecated: true,
          external_references: ref("DC0999"),
        },
        {
          type: "relationship",
          relationship_type: "detects",
          source_ref: "x-mitre-data-component--a",
          target_ref: "attack-pattern--1",
        },
        {
          type: "relationship",
          relationship_type: "detects",
          source_ref: "x-mitre-data-component--b",
          target_ref: "attack-pattern--1",
        },
      ],
    };
    const { detection } = parseAttackBundle(JSON.stringify(bundle));
    expect(detection.components.map((c) => c.component_id)).toEqual(["DC0085"]);
    expect(detection.paths).toEqual([
      { domain: "enterprise-attack", technique_id: "T1566", analytic_id: "x-mitre-data-component--a", component_id: "DC0085" },
    ]);
  });
});
