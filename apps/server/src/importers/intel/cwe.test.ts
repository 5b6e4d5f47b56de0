import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  detectIntelFormat,
  ImportFileError,
  importCweCsv,
  importCweJson,
  sourceFromFile,
  sourceFromString,
  summariseIntel,
} from "./index";

const dataDir = fileURLToPath(new URL("../../../../../../shared/data/vulnintel/", import.meta.url));
const fixture = `${dataDir}cwe_list_defectdojo_fixture.json`;

describe("CWE list: DefectDojo fixture (shared sample)", () => {
  it("reads all 397 CWEs as CWE-n with their names", async () => {
    const r = await summariseIntel(importCweJson(sourceFromFile(fixture)));
    expect([r.records.length, r.rejected.length]).toEqual([397, 0]);
    expect(r.records[0]).toEqual({ cweId: "CWE-15", name: "External Control of System or Configuration Setting" });
    expect(r.records.at(-1)).toEqual({ cweId: "CWE-1173", name: "Improper Use of Validation Framework" });
    expect(new Set(r.records.map((c) => c.cweId)).size).toBe(397);
    expect(detectIntelFormat(readFileSync(fixture, "utf8").slice(0, 2048))).toBe("cwe-json");
  });

  it("rejects entries of another model or without a name", async () => {
    const doc = [
      { model: "dojo.cwe", pk: 79, fields: { number: 79, description: "Cross-site Scripting", url: "" } },
      { model: "dojo.product", pk: 1, fields: { name: "x" } },
      { model: "dojo.cwe", pk: 80, fields: { number: 80, description: "" } },
    ];
    const r = await summariseIntel(importCweJson(sourceFromString(JSON.stringify(doc))));
    expect(r.records).toEqual([{ cweId: "CWE-79", name: "Cross-site Scripting" }]);
    expect(r.rejected.map((x) => [x.row, x.problems[0]?.field])).toEqual([
      [2, "model"],
      [3, "fields.description"],
    ]);
  });
});

// MITRE's CSV download is not in the shared data: this follows its documented layout
// (cwe.mitre.org/data/downloads.html: "CWE-ID,Name,Weakness Abstraction,Status,Description,..."
// with the bare number in CWE-ID, multi-line quoted descriptions and a trailing comma per line).
const mitreCsv = `CWE-ID,Name,Weakness Abstraction,Status,Description,Extended Description,Related Weaknesses,
79,"Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",Base,Stable,"The product does not neutralize or incorrectly neutralizes user-controllable input before it is placed in output that is used as a web page that is served to other users.","Cross-site scripting (XSS) vulnerabilities occur when:
1. Untrusted data enters a web application.",::NATURE:ChildOf:CWE ID:74:VIEW ID:1000::,
89,"Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')",Base,Stable,"The product constructs all or part of an SQL command using externally-influenced input.",,,
XSS,"Not an id",Base,Stable,,,,
`;

describe("CWE list: MITRE CSV", () => {
  it("reads the id and name of each weakness, rejecting a row whose id is not a number", async () => {
    const r = await summariseIntel(importCweCsv(sourceFromString(mitreCsv)));
    expect(r.records).toEqual([
      { cweId: "CWE-79", name: "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')" },
      { cweId: "CWE-89", name: "Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')" },
    ]);
    expect(r.rejected.map((x) => [x.row, x.problems])).toEqual([[5, [{ field: "CWE-ID", reason: "must look like CWE-n" }]]]);
    expect(detectIntelFormat(mitreCsv)).toBe("cwe-csv");
  });

  it("refuses a CSV without CWE-ID and Name columns", async () => {
    await expect(summariseIntel(importCweCsv(sourceFromString("id,title\n1,x\n")))).rejects.toBeInstanceOf(ImportFileError);
  });
});
