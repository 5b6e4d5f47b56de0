import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  detectIntelFormat,
  ImportFileError,
  importKevCsv,
  importKevJson,
  kevColumns,
  sourceFromFile,
  sourceFromString,
  summariseIntel,
} from "./index";

// The shared intel samples live beside the checkout (../shared from the repo root); never copied in.
const dataDir = fileURLToPath(new URL("../../../../../../shared/data/vulnintel/", import.meta.url));
const kevFile = `${dataDir}known_exploited_vulnerabilities.json`;
const catalog = JSON.parse(readFileSync(kevFile, "utf8")) as { vulnerabilities: Record<string, unknown>[] };

/** CISA's CSV layout: the same keys as columns, cwes joined with ", " (the test's own writer). */
function toCsv(entries: Record<string, unknown>[]): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const cellOf = (v: unknown) => quote(Array.isArray(v) ? v.join(", ") : String(v ?? ""));
  return [kevColumns.join(","), ...entries.map((e) => kevColumns.map((c) => cellOf(e[c])).join(","))].join("\r\n");
}

describe("CISA KEV catalog JSON (shared sample)", () => {
  it("reads all 1404 entries of catalog 2025.08.25 with none rejected", async () => {
    const r = await summariseIntel(importKevJson(sourceFromFile(kevFile)));
    expect(r.meta).toEqual({ catalogVersion: "2025.08.25", dateReleased: "2025-08-25T17:04:19.979Z", count: 1404 });
    expect([r.records.length, r.rejected.length]).toEqual([1404, 0]);
    expect(r.records.filter((e) => e.knownRansomware)).toHaveLength(293);
    expect(r.records.filter((e) => e.cwes.length === 0)).toHaveLength(152);
    expect(r.records.find((e) => e.cveId === "CVE-2021-44228")).toEqual({
      cveId: "CVE-2021-44228",
      vendorProject: "Apache",
      product: "Log4j2",
      name: "Apache Log4j2 Remote Code Execution Vulnerability",
      dateAdded: "2021-12-10",
      dueDate: "2021-12-24",
      requiredAction: expect.stringContaining("the only acceptable remediation actions are"),
      shortDescription: expect.stringContaining("JNDI features do not protect"),
      knownRansomware: true,
      notes: "https://nvd.nist.gov/vuln/detail/CVE-2021-44228",
      cwes: ["CWE-20", "CWE-400", "CWE-502"],
    });
  });

  it("rejects entries that break the schema, naming the catalog's field", async () => {
    const good = catalog.vulnerabilities[0] as Record<string, unknown>;
    const doc = {
      catalogVersion: "1",
      dateReleased: "2025-01-01T00:00:00.000Z",
      count: 4,
      vulnerabilities: [
        good,
        { ...good, cveID: "CVE-25-1" },
        { ...good, dueDate: "2025-02-30", knownRansomwareCampaignUse: "Maybe" },
        { ...good, requiredAction: "", cwes: ["79"] },
      ],
    };
    const r = await summariseIntel(importKevJson(sourceFromString(JSON.stringify(doc))));
    expect(r.records).toHaveLength(1);
    expect(r.rejected.map((x) => [x.row, x.problems.map((p) => p.field)])).toEqual([
      [2, ["cveID"]],
      [3, ["knownRansomwareCampaignUse", "dueDate"]],
      [4, ["requiredAction", "cwes.0"]],
    ]);
    const cwe = await summariseIntel(
      importKevJson(sourceFromString(JSON.stringify({ ...doc, vulnerabilities: [{ ...good, cwes: ["79"] }] }))),
    );
    expect(cwe.rejected[0]?.problems).toEqual([{ field: "cwes.0", reason: "must look like CWE-n" }]);
  });

  it("refuses a file without the catalog header or that is not JSON", async () => {
    await expect(summariseIntel(importKevJson(sourceFromString('{"vulnerabilities": []}')))).rejects.toThrow(/catalogVersion/);
    await expect(summariseIntel(importKevJson(sourceFromString('{"count": 1}')))).rejects.toBeInstanceOf(ImportFileError);
    await expect(summariseIntel(importKevJson(sourceFromString('{"vulnerabilities": [')))).rejects.toThrow(/not valid JSON/);
  });
});

describe("CISA KEV catalog CSV", () => {
  it("gives the same entries as the JSON when the sample's rows are written as CSV", async () => {
    const fromJson = await summariseIntel(importKevJson(sourceFromFile(kevFile)));
    const csv = toCsv(catalog.vulnerabilities);
    const fromCsv = await summariseIntel(importKevCsv(sourceFromString(csv)));
    expect(fromCsv.meta).toBeUndefined();
    expect(fromCsv.rejected).toEqual([]);
    expect(fromCsv.records).toEqual(fromJson.records);
    expect(detectIntelFormat(csv.slice(0, 4096))).toBe("kev-csv");
  });

  it("rejects a row with a bad date by line, and refuses a header without the catalog columns", async () => {
    const rows = toCsv([{ ...catalog.vulnerabilities[0], dateAdded: "08/25/2025" }]);
    const r = await summariseIntel(importKevCsv(sourceFromString(rows)));
    expect(r.rejected[0]?.row).toBe(2);
    expect(r.rejected[0]?.problems[0]?.field).toBe("dateAdded");
    await expect(summariseIntel(importKevCsv(sourceFromString("cve,name\nCVE-2020-0001,x")))).rejects.toThrow(
      /no cveID, vendorProject/,
    );
  });
});
