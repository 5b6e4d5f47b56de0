import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ComplianceImportFormat } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { ImportFileError, sourceFromFile, sourceFromString } from "../types";
import { complianceImporterFor, detectComplianceFormat, summariseCompliance } from "./index";

/** Fixtures written for these tests from each tool's documented output format. */
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const run = (format: ComplianceImportFormat, name: string) =>
  summariseCompliance(complianceImporterFor(format)(sourceFromFile(fixture(name))));
const byResult = (records: { check: { result: string } }[]) => records.map((r) => r.check.result);

describe("compliance importers on written fixtures", () => {
  it("XCCDF 1.2: rule texts and references join the results; notselected is skipped", async () => {
    const s = await run("xccdf", "xccdf-1.2-results.xml");
    expect(byResult(s.records)).toEqual(["fail", "pass", "not_applicable"]);
    expect(s.skipped).toEqual({ "rule not selected in the profile": 1 });
    const aide = s.records[0];
    expect(aide?.scan).toMatchObject({
      tool: "OpenSCAP",
      toolVersion: "1.3.10",
      targetId: "web-01.example.test",
      targetName: "10.0.0.5",
      benchmarkId: "xccdf_org.ssgproject.content_benchmark_UBUNTU2204#xccdf_org.ssgproject.content_profile_cis_level1_server",
      benchmarkTitle: "Guide to the Secure Configuration of Ubuntu 22.04",
      benchmarkVersion: "0.1.72",
      scannedAt: "2024-05-02T10:01:30.000Z",
    });
    expect(aide?.check).toMatchObject({
      title: "Install AIDE",
      severity: "medium",
      remediation: "apt-get install aide",
      evidence: "package aide is not installed",
    });
    expect(aide?.check.rationale).toContain("aide");
    expect(aide?.check.mappings).toEqual([
      { source: "CIS", framework: "cis", requirement: "1.3.1" },
      { source: "NIST-800-53-Revision-5", framework: "nist-800-53-r5", requirement: "CM-6(a)" },
      { source: "NIST-800-53-Revision-5", framework: "nist-800-53-r5", requirement: "SI-7" },
      { source: "PCI-DSS-4.0", framework: "pci-dss-4.0", requirement: "11.5.2" },
    ]);
    expect(s.records[1]?.check.mappings).toEqual([
      { source: "ISO27001-2022", framework: "iso-27001-2022", requirement: "A.8.2" },
    ]);
  });

  it("ARF: the data stream's prefixed Benchmark gives the rules, the report's TestResult the results", async () => {
    const s = await run("xccdf", "arf-results.xml");
    expect(byResult(s.records)).toEqual(["fail", "error"]);
    expect(s.records[0]?.scan).toMatchObject({
      targetId: "db-02.example.test",
      toolVersion: "1.3.8",
      scannedAt: "2024-06-01T06:03:00.000Z",
      benchmarkTitle: "Guide to the Secure Configuration of Red Hat Enterprise Linux 9",
    });
    expect(s.records[0]?.check.mappings).toEqual([
      { source: "CIS", framework: "cis", requirement: "5.5.3" },
      { source: "HIPAA", framework: "hipaa", requirement: "164.308(a)(4)(i)" },
    ]);
  });

  it("XML entities are never expanded: an entity bomb with an external entity is rejected whole", async () => {
    const events = complianceImporterFor("xccdf")(sourceFromFile(fixture("xccdf-entity-expansion.xml")));
    await expect(summariseCompliance(events)).rejects.toThrow(ImportFileError);
  });

  it("XML that is not XCCDF, or is cut short, is rejected whole", async () => {
    await expect(
      summariseCompliance(complianceImporterFor("xccdf")(sourceFromString("<NessusClientData_v2></NessusClientData_v2>"))),
    ).rejects.toThrow(/root element is <NessusClientData_v2>/);
    const cut = readFileSync(fixture("xccdf-1.2-results.xml"), "utf8").slice(0, 3000);
    await expect(summariseCompliance(complianceImporterFor("xccdf")(sourceFromString(cut)))).rejects.toThrow(ImportFileError);
  });

  it("InSpec JSON reporter: any failed test fails the control, all skipped is not checked; impact gives severity", async () => {
    const s = await run("inspec", "inspec-reporter.json");
    expect(byResult(s.records)).toEqual(["fail", "pass", "not_checked"]);
    expect(s.records.map((r) => r.check.severity)).toEqual(["critical", "medium", "low"]);
    expect(s.records[0]?.scan).toMatchObject({
      tool: "Chef InSpec",
      toolVersion: "5.22.3",
      targetId: "app-03.example.test",
      benchmarkId: "linux-baseline",
      benchmarkVersion: "2.8.0",
      scannedAt: "2024-07-01T09:00:00.000Z",
    });
    expect(s.records[0]?.check).toMatchObject({
      remediation: "Remove /etc/hosts.equiv",
      evidence: "failed: File /etc/hosts.equiv is expected not to exist: expected File /etc/hosts.equiv not to exist",
    });
    expect(s.records[0]?.check.mappings.map((m) => `${m.source}:${m.requirement}`)).toEqual([
      "nist:AC-3",
      "nist:IA-2",
      "cis:5.2.8",
    ]);
    expect(s.records[2]?.check.mappings).toEqual([{ source: "pci", framework: null, requirement: "8.2.1" }]);
  });

  it("InSpec JSON lines: a line that is not JSON is one rejected row", async () => {
    const s = await summariseCompliance(
      complianceImporterFor("inspec")(
        sourceFromString(
          `{"id":"c1","title":"t","impact":0.7,"status":"failed","platform":{"target_id":"h1"},"profile":{"name":"p"},"results":[{"status":"failed","start_time":"2024-01-01T00:00:00Z"}]}\n{not json\n`,
        ),
      ),
    );
    expect(byResult(s.records)).toEqual(["fail"]);
    expect(s.rejected.map((r) => r.row)).toEqual([2]);
  });

  it("Wazuh SCA: checks with agent and policy; compliance keys become mappings, tsc is SOC 2", async () => {
    const s = await run("wazuh-sca", "wazuh-sca.json");
    expect(byResult(s.records)).toEqual(["fail", "pass", "not_applicable"]);
    expect(s.records[0]?.scan).toMatchObject({
      tool: "Wazuh SCA",
      targetKind: "host",
      targetId: "003",
      targetName: "web-01",
      benchmarkId: "cis_ubuntu22-04",
      benchmarkTitle: "CIS Ubuntu Linux 22.04 LTS Benchmark v1.0.0.",
      scannedAt: "2024-08-01T12:00:05.000Z",
    });
    expect(s.records[0]?.check.mappings).toEqual([
      { source: "cis", framework: "cis", requirement: "1.1.1.1" },
      { source: "cis_csc_v8", framework: "cis", requirement: "4.8" },
      { source: "pci_dss_v4.0", framework: "pci-dss-4.0", requirement: "1.2.5" },
      { source: "pci_dss_v4.0", framework: "pci-dss-4.0", requirement: "2.2.4" },
      { source: "tsc", framework: "soc2", requirement: "CC6.3" },
    ]);
    expect(s.records[2]?.check.evidence).toBe("reason: Could not open file '/boot/grub/grub.cfg'");
  });

  it("Wazuh SCA: the checks response alone imports against an unnamed agent", async () => {
    const doc = JSON.parse(readFileSync(fixture("wazuh-sca.json"), "utf8")) as { checks: unknown };
    const s = await summariseCompliance(complianceImporterFor("wazuh-sca")(sourceFromString(JSON.stringify(doc.checks))));
    expect(s.records).toHaveLength(3);
    expect(s.records[0]?.scan).toMatchObject({ targetId: "unknown agent", scannedAt: null });
  });

  it("OCSF Compliance Finding: verdict from compliance, requirements split into label and id, other classes skipped", async () => {
    const s = await run("ocsf-compliance", "ocsf-compliance.json");
    expect(byResult(s.records)).toEqual(["fail", "pass"]);
    expect(s.skipped).toEqual({ "OCSF class 2004 is not a Compliance Finding (2003)": 1 });
    expect(s.rejected.map((r) => r.problems[0]?.field)).toEqual(["compliance.status_id"]);
    expect(s.records[0]?.scan).toMatchObject({
      tool: "Security Hub",
      targetId: "111122223333",
      scannedAt: "2024-06-01T10:00:00.000Z",
    });
    expect(s.records[0]?.check).toMatchObject({
      controlId: "S3.8",
      severity: "medium",
      resourceId: "arn:aws:s3:::example-logs",
      region: "eu-west-1",
    });
    expect(s.records[0]?.check.mappings).toEqual([
      { source: "standards/aws-foundational-security-best-practices/v/1.0.0", framework: null, requirement: "S3.8" },
      { source: "NIST.800-53.r5", framework: "nist-800-53-r5", requirement: "AC-21" },
      { source: "PCI DSS v4.0.1", framework: "pci-dss-4.0", requirement: "1.4.4" },
    ]);
  });

  it("OCSF Compliance Finding about a device: the host is the target", async () => {
    const event = {
      class_uid: 2003,
      time: 1717236000000,
      metadata: { product: { name: "Endpoint Agent" } },
      device: { hostname: "laptop-7" },
      finding_info: { uid: "f", title: "Disk encryption" },
      compliance: { control: "DE-1", standards: ["CIS Windows 11"], status_id: 3 },
    };
    const s = await summariseCompliance(complianceImporterFor("ocsf-compliance")(sourceFromString(JSON.stringify(event))));
    expect(s.records[0]?.scan).toMatchObject({
      tool: "Endpoint Agent",
      targetKind: "host",
      targetId: "laptop-7",
      benchmarkId: "CIS Windows 11",
    });
    expect(s.records[0]?.check).toMatchObject({
      controlId: "DE-1",
      result: "fail",
      mappings: [{ source: "CIS Windows 11", framework: "cis", requirement: "DE-1" }],
    });
  });

  it("Trivy: misconfigurations with their status; trivy k8s resources by namespace/kind/name", async () => {
    const fs = await run("trivy-misconfig", "trivy-misconfig.json");
    expect(byResult(fs.records)).toEqual(["fail", "pass"]);
    expect(fs.records[0]?.check).toMatchObject({
      controlId: "AVD-AWS-0086",
      severity: "high",
      resourceId: "aws_s3_bucket.logs",
      service: "s3",
      evidence: "No public access block so not blocking public acls\nmain.tf:1-3",
    });
    expect(fs.records[0]?.scan).toMatchObject({
      tool: "Trivy",
      targetId: "infra/terraform",
      scannedAt: "2024-09-10T15:04:05.123Z",
    });
    const k8s = await run("trivy-misconfig", "trivy-k8s-misconfig.json");
    expect(k8s.records[0]?.scan).toMatchObject({ targetKind: "kubernetes-cluster", targetId: "prod-eks" });
    expect(k8s.records[0]?.check).toMatchObject({
      controlId: "AVD-KSV-0001",
      result: "fail",
      resourceId: "default/Deployment/web",
    });
  });

  it("Prowler v3 CSV: v3 column names, the COMPLIANCE column, a row with an unknown status rejected", async () => {
    const s = await run("prowler-csv", "prowler-v3.csv");
    expect(byResult(s.records)).toEqual(["fail", "pass"]);
    expect(s.rejected).toEqual([
      expect.objectContaining({ row: 4, problems: [{ field: "STATUS", reason: "is not PASS, FAIL, MANUAL or INFO" }] }),
    ]);
    expect(s.records[0]?.check).toMatchObject({
      controlId: "iam_root_mfa_enabled",
      severity: "critical",
      resourceId: "arn:aws:iam::123456789012:root",
      region: "us-east-1",
    });
    expect(s.records[0]?.check.mappings.map((m) => m.framework)).toEqual(["cis", "nist-800-53-r5", "pci-dss-4.0"]);
    expect(s.records[1]?.check.mappings.map((m) => m.framework)).toEqual(["gdpr", "soc2", "hipaa"]);
  });

  it("kube-bench { Controls, Totals }: WARN is a manual check; the cis- prefix of the version is dropped", async () => {
    const s = await run("kube-bench", "kube-bench-controls.json");
    expect(byResult(s.records)).toEqual(["pass", "manual"]);
    expect(s.records[0]?.scan).toMatchObject({ benchmarkId: "cis-kubernetes-1.8", targetName: "master", scannedAt: null });
    expect(s.records[1]?.check.evidence).toContain("Test marked as a manual test");
  });

  it("a JSON document that does not parse is rejected whole with its position", async () => {
    await expect(
      summariseCompliance(complianceImporterFor("kube-bench")(sourceFromString('[{"id": "4",\n "tests": ['))),
    ).rejects.toThrow(/not valid JSON/);
    await expect(summariseCompliance(complianceImporterFor("scoutsuite")(sourceFromString("alert('x'); {}")))).rejects.toThrow(
      /Not ScoutSuite results/,
    );
    await expect(summariseCompliance(complianceImporterFor("prowler-csv")(sourceFromString("a;b\n1;2\n")))).rejects.toThrow(
      /no CHECK_ID and STATUS/,
    );
  });

  it("detects every fixture's format from its head", async () => {
    const cases: [string, ComplianceImportFormat][] = [
      ["xccdf-1.2-results.xml", "xccdf"],
      ["arf-results.xml", "xccdf"],
      ["inspec-reporter.json", "inspec"],
      ["wazuh-sca.json", "wazuh-sca"],
      ["ocsf-compliance.json", "ocsf-compliance"],
      ["trivy-misconfig.json", "trivy-misconfig"],
      ["trivy-k8s-misconfig.json", "trivy-misconfig"],
      ["prowler-v3.csv", "prowler-csv"],
      ["kube-bench-controls.json", "kube-bench"],
    ];
    for (const [name, format] of cases)
      expect([name, detectComplianceFormat(readFileSync(fixture(name), "utf8").slice(0, 16384), name)]).toEqual([name, format]);
    expect(detectComplianceFormat("just some text", "notes.txt")).toBeNull();
    // Heads cut before the telling keys: InSpec's profile metadata, Trivy's vulnerability results.
    expect(detectComplianceFormat('{"platform":{"name":"ubuntu","release":"22.04"},"profiles":[{"name":"p","attributes":[')).toBe(
      "inspec",
    );
    expect(
      detectComplianceFormat(
        '{"SchemaVersion":2,"ArtifactName":"app:1","ArtifactType":"container_image","Results":[{"Target":"x","Vulnerabilities":[',
      ),
    ).toBe("trivy-misconfig");
    expect(detectComplianceFormat('<NessusClientData_v2><Report name="t">')).toBeNull();
    expect(detectComplianceFormat("scoutsuite_results =\n{")).toBe("scoutsuite");
  });
});
