import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildNavigatorLayer, parseNavigatorLayer } from "./navigator-layer";
import { ImportFileError } from "./types";

const data = path.resolve(fileURLToPath(new URL("../../../../../shared/data/navigator", import.meta.url)));
const read = (f: string) => readFileSync(path.join(data, f), "utf8");

describe("ATT&CK Navigator layers", () => {
  it("reads a format 4.0 layer", () => {
    const layer = parseNavigatorLayer(read("Wizard_Spider-G0102-Updated.json"));
    expect(layer).toMatchObject({ formatVersion: "4.0", domain: "enterprise-attack", warnings: [] });
    expect(layer.techniques).toHaveLength(85);
    expect(layer.techniques[0]).toMatchObject({ techniqueID: "T1071", tactic: "command-and-control", enabled: true });
  });

  it("reads the legacy heatmap layer with its mitre-enterprise domain and scores", () => {
    const layer = parseNavigatorLayer(read("heatmap_layer.json"));
    expect(layer.domain).toBe("enterprise-attack");
    expect(layer.techniques).toHaveLength(428);
    expect(layer.techniques[0]).toMatchObject({ techniqueID: "T1546.004", score: 20 });
  });

  it("reads the old 2.x format (top-level version, mitre-enterprise, stages filter), and a layer with no version as 2.x", () => {
    // Shape of Navigator 2.x layers; shared data has none, so this one is written by hand.
    const v2 = {
      name: "Red team 2019",
      version: "2.2",
      domain: "mitre-enterprise",
      description: "",
      filters: { stages: ["act"], platforms: ["windows"] },
      sorting: 0,
      viewMode: 0,
      hideDisabled: false,
      techniques: [
        { techniqueID: "T1110", tactic: "credential-access", score: 3, color: "", comment: "seen twice", enabled: true },
        { techniqueID: "T1059", tactic: "execution", score: 1, color: "", comment: "", enabled: false },
      ],
      gradient: { colors: ["#ffffff", "#ff6666"], minValue: 0, maxValue: 3 },
      legendItems: [],
      showTacticRowBackground: false,
    };
    const layer = parseNavigatorLayer(JSON.stringify(v2));
    expect(layer).toMatchObject({ formatVersion: "2.2", domain: "enterprise-attack" });
    expect(layer.techniques).toHaveLength(2);
    expect(layer.techniques[0]).toMatchObject({
      techniqueID: "T1110",
      tactic: "credential-access",
      score: 3,
      comment: "seen twice",
      enabled: true,
    });
    expect(layer.techniques[1]).toMatchObject({ techniqueID: "T1059", enabled: false });
    const { version: _dropped, ...unversioned } = v2;
    expect(parseNavigatorLayer(JSON.stringify(unversioned)).formatVersion).toBe("2.0");
  });

  it("round-trips an exported 4.5 layer", () => {
    const exported = buildNavigatorLayer({
      name: "Alerts",
      description: "",
      techniques: [{ id: "T1110", alerts: 7, incidents: ["A-INC-0001"] }],
    });
    const back = parseNavigatorLayer(JSON.stringify(exported));
    expect(back).toMatchObject({ formatVersion: "4.5", techniques: [{ techniqueID: "T1110", score: 7, comment: "A-INC-0001" }] });
  });

  it("rejects bad files with a clear reason and skips unusable entries", () => {
    expect(() => parseNavigatorLayer("{oops")).toThrow(ImportFileError);
    expect(() => parseNavigatorLayer('{"name":"x"}')).toThrow(/no "techniques" list/);
    expect(() => parseNavigatorLayer('{"versions":{"layer":"9.0"},"techniques":[]}')).toThrow(/9.0 is not supported/);
    const partial = parseNavigatorLayer(
      '{"versions":{"layer":"4.5"},"techniques":[{"techniqueID":"T1110"},{"techniqueID":"bad"}]}',
    );
    expect(partial.techniques).toHaveLength(1);
    expect(partial.warnings[0]).toContain('"bad" is not a technique id');
  });
});
