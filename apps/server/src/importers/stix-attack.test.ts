import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseAttackBundle } from "./stix-attack";
import { ImportFileError } from "./types";

const data = path.resolve(fileURLToPath(new URL("../../../../../shared/data/attack", import.meta.url)));

describe("ATT&CK STIX bundles", () => {
  it("reads the Enterprise v18.1 bundle (STIX 2.0), marking revoked and deprecated techniques", () => {
    const catalogue = parseAttackBundle(readFileSync(path.join(data, "enterprise-attack.json"), "utf8"));
    expect(catalogue.specVersion).toBe("2.0");
    expect(catalogue.domains).toEqual(["enterprise-attack"]);
    expect(catalogue.techniques).toHaveLength(835);
    expect(catalogue.techniques.filter((t) => t.revoked)).toHaveLength(132);
    expect(catalogue.techniques.filter((t) => t.deprecated)).toHaveLength(12);
    expect(catalogue.techniques.filter((t) => t.is_subtechnique)).toHaveLength(479);
    const brute = catalogue.techniques.find((t) => t.technique_id === "T1110" && !t.revoked);
    expect(brute).toMatchObject({ name: "Brute Force", is_subtechnique: 0 });
    expect(JSON.parse(brute?.tactics ?? "[]")).toEqual(["Credential Access"]);
    const spraying = catalogue.techniques.find((t) => t.technique_id === "T1110.003");
    expect(spraying).toMatchObject({ name: "Password Spraying", parent_id: "T1110", is_subtechnique: 1 });
  });

  it("reads the ICS bundle (STIX 2.1) with its own tactics", () => {
    const catalogue = parseAttackBundle(readFileSync(path.join(data, "ics-attack-18.1.json"), "utf8"));
    expect(catalogue.specVersion).toBe("2.1");
    expect(catalogue.domains).toEqual(["ics-attack"]);
    expect(catalogue.techniques).toHaveLength(95);
    const t0803 = catalogue.techniques.find((t) => t.technique_id === "T0803");
    expect(JSON.parse(t0803?.tactics ?? "[]").length).toBeGreaterThan(0);
  });

  it("refuses what is not a bundle", () => {
    expect(() => parseAttackBundle("{")).toThrow(ImportFileError);
    expect(() => parseAttackBundle('{"type":"layer"}')).toThrow(/not a STIX bundle/);
    expect(() => parseAttackBundle('{"type":"bundle","objects":[]}')).toThrow(/no ATT&CK techniques/);
  });
});
