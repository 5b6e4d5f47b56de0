import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readHead } from "../../features/imports/import-tally";
import { sourceFromFile } from "../types";
import { complianceImporterFor, detectComplianceFormat, summariseCompliance } from "./index";

/** The shared sample files (read in place, never copied), with the counts docs/importers/compliance.md gives. */
const data = path.resolve(fileURLToPath(new URL("../../../../../../shared/data/compliance", import.meta.url)));

const files = [
  {
    file: "openscap/openscap_many_vuln_rhsa.xml",
    format: "xccdf",
    results: { pass: 2904, fail: 31 },
    mappings: 0,
    target: "sample.system",
  },
  {
    file: "inspec/chef_inspec_one_finding.jsonl",
    format: "inspec",
    results: { pass: 1 },
    mappings: 2,
    target: "logsrv01.domain.dk",
  },
  {
    file: "kubebench/kube-bench-report-one-vuln.json",
    format: "kube-bench",
    results: { pass: 22, fail: 1 },
    mappings: 23,
    target: "kubernetes",
  },
  {
    file: "prowler/prowler_aws_many_vuln.ocsf.json",
    format: "prowler-ocsf",
    results: { fail: 3 },
    mappings: 2,
    target: "123456789012",
  },
  {
    file: "prowler/prowler_example_output_aws.csv",
    format: "prowler-csv",
    results: { fail: 2, manual: 2 },
    mappings: 45,
    target: "<account_uid>",
  },
  {
    file: "prowler/prowler_example_output_kubernetes.csv",
    format: "prowler-csv",
    results: { fail: 4 },
    mappings: 8,
    target: "<account_uid>",
  },
  {
    file: "prowler/prowler_v3_aws_one_vuln.json",
    format: "prowler-json",
    results: { fail: 1 },
    mappings: 23,
    target: "999999999999",
  },
  {
    file: "scoutsuite/scoutsuite_aws_results.js",
    format: "scoutsuite",
    results: { pass: 45, fail: 30, not_applicable: 73 },
    mappings: 132,
    target: "430150006394",
  },
] as const;

describe("compliance importers on the shared sample files", () => {
  for (const f of files) {
    it(`${f.file}: detected as ${f.format}, ${Object.entries(f.results)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")}`, async () => {
      const file = path.join(data, f.file);
      expect(detectComplianceFormat(await readHead(sourceFromFile(file)), path.basename(file))).toBe(f.format);
      const s = await summariseCompliance(complianceImporterFor(f.format)(sourceFromFile(file)));
      const counts: Record<string, number> = {};
      for (const r of s.records) counts[r.check.result] = (counts[r.check.result] ?? 0) + 1;
      expect(counts).toEqual(f.results);
      expect(s.rejected).toEqual([]);
      expect(s.records.reduce((n, r) => n + r.check.mappings.length, 0)).toBe(f.mappings);
      expect(new Set(s.records.map((r) => r.scan.targetId))).toEqual(new Set([f.target]));
      // The raw record is the tool's own, verbatim: it parses back to JSON for every format.
      for (const r of s.records.slice(0, 5)) expect(r.raw.length).toBeGreaterThan(0);
    });
  }

  it("OpenSCAP: rule titles, severities and the TestResult's time and system come through", async () => {
    const s = await summariseCompliance(
      complianceImporterFor("xccdf")(sourceFromFile(path.join(data, "openscap/openscap_many_vuln_rhsa.xml"))),
    );
    const failed = s.records.filter((r) => r.check.result === "fail");
    expect(failed[0]?.check.title).toMatch(/^RHSA-\d{4}:\d+/);
    expect(s.records[0]?.scan).toMatchObject({
      tool: "OpenSCAP",
      toolVersion: "1.2.17",
      scannedAt: "2019-03-04T07:43:39.000Z",
      benchmarkId: "generated-xccdf",
      targetName: "127.0.0.1",
    });
    const bySeverity: Record<string, number> = {};
    for (const r of s.records) bySeverity[r.check.severity] = (bySeverity[r.check.severity] ?? 0) + 1;
    expect(bySeverity).toEqual({ high: 1487, medium: 1212, low: 236 });
  });

  it("Prowler CSV: the COMPLIANCE column becomes mappings with normalised framework ids", async () => {
    const s = await summariseCompliance(
      complianceImporterFor("prowler-csv")(sourceFromFile(path.join(data, "prowler/prowler_example_output_aws.csv"))),
    );
    const first = s.records[0]?.check;
    expect(first?.controlId).toBe("accessanalyzer_enabled");
    expect(first?.mappings).toContainEqual({ source: "CIS-3.0", framework: "cis", requirement: "1.20" });
    expect(first?.mappings).toContainEqual({ source: "KISA-ISMS-P-2023", framework: null, requirement: "2.6.4" });
  });

  it("ScoutSuite: a rule with flagged items fails and lists them as evidence; CIS references map", async () => {
    const s = await summariseCompliance(
      complianceImporterFor("scoutsuite")(sourceFromFile(path.join(data, "scoutsuite/scoutsuite_aws_results.js"))),
    );
    const failing = s.records.find((r) => r.check.result === "fail" && r.check.mappings.length > 0);
    expect(failing?.check.evidence).toMatch(/^\d+ checked, [1-9]\d* flagged\nFlagged/);
    expect(failing?.check.mappings[0]).toMatchObject({
      framework: "cis",
      source: expect.stringMatching(/^CIS Amazon Web Services Foundations \d/),
    });
    expect(s.records[0]?.scan.scannedAt).toBe("2021-10-01T18:47:09.000Z");
  });
});
