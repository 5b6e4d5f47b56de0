import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseAttackBundle } from "../../importers/stix-attack";
import { defaultComponentRules, defaultComponents } from "./source-components";

describe("default data components of a source", () => {
  it("go by words of the tool and sensor names, first rule first", () => {
    expect(defaultComponents("CrowdStrike Falcon", "")).toContain("DC0032");
    expect(defaultComponents("Zeek", "conn")).toEqual(["DC0085", "DC0078", "DC0082"]);
    expect(defaultComponents("GuardDuty", "AWS")).toContain("DC0076");
    expect(defaultComponents("Okta", "System Log")).toContain("DC0002");
    expect(defaultComponents("E2E Sensor", "Perimeter")).toContain("DC0078");
    // A SIEM supplies what it collects: set by hand.
    expect(defaultComponents("Splunk", "Microsoft Defender")).toEqual([]);
    // Whole words only: "broker" is not Zeek's old name "bro".
    expect(defaultComponents("Message broker", "")).toEqual([]);
  });

  it("name only current data components of the shared ATT&CK bundle", () => {
    const bundle = fileURLToPath(new URL("../../../../../../shared/data/attack/enterprise-attack.json", import.meta.url));
    const known = new Set(parseAttackBundle(readFileSync(bundle, "utf8")).detection.components.map((c) => c.component_id));
    const named = defaultComponentRules.flatMap((r) => r.components);
    expect(named.filter((id) => !known.has(id))).toEqual([]);
  });
});
