import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { findingInputSchema } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { detectFindingFormat, findingImporterFor, sourceFromFile, summariseFindings } from "./index";

// The shared scanner samples live beside the checkout (../shared from the repo root); never copied in.
const dataDir = fileURLToPath(new URL("../../../../../../shared/data/vulnscans/", import.meta.url));
const file = (name: string) => `${dataDir}${name}`;

// Node 20 has no Object.groupBy.
const severityCounts = (records: { severity: string }[]) =>
  ["Low", "Medium", "High", "Critical"].map((s) => records.filter((f) => f.severity === s).length);

async function importFile(name: string) {
  const format = detectFindingFormat(readFileSync(file(name), "utf8").slice(0, 16_384), name);
  if (!format) throw new Error(`no format detected for ${name}`);
  const summary = await summariseFindings(findingImporterFor(format)(sourceFromFile(file(name))));
  for (const finding of summary.records) expect(findingInputSchema.safeParse(finding).success).toBe(true);
  return { format, ...summary };
}

describe("Nessus v2 sample", () => {
  it("nessus_with_cvssv3.nessus: 26 findings, 23 informational skipped, none rejected", async () => {
    const r = await importFile("nessus/nessus_with_cvssv3.nessus");
    expect(r.format).toBe("nessus");
    expect([r.records.length, r.rejected.length, r.skipped]).toEqual([26, 0, { "informational (Nessus severity 0)": 23 }]);
    expect(severityCounts(r.records)).toEqual([1, 13, 10, 2]);
    expect(r.records.reduce((n, f) => n + (f.cveIds?.length ?? 0), 0)).toBe(137);
  });

  it("maps host, port, CVSS v3 over v2, CVEs and CWE", async () => {
    const r = await importFile("nessus/nessus_with_cvssv3.nessus");
    const php = r.records.find((f) => f.scannerFindingId === "25368");
    expect(php).toMatchObject({
      scanner: "nessus",
      ip: "44.228.249.3",
      fqdn: "testphp.vulnweb.com",
      target: "testphp.vulnweb.com",
      port: 80,
      protocol: "tcp",
      service: "www",
      title: "PHP < 5.2.3 Multiple Vulnerabilities",
      severity: "High",
      cvssScore: 7.3,
      cvssVector: "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L",
      cweId: "CWE-189",
      firstSeen: "2022-03-23T13:31:51.000Z",
      lastSeen: "2022-03-23T14:07:52.000Z",
    });
    expect(php?.cveIds?.slice(0, 3)).toEqual(["CVE-2007-1887", "CVE-2007-1900", "CVE-2007-2756"]);
    // Without a v3 score the v2 vector is kept as Nessus wrote it.
    expect(r.records.find((f) => f.scannerFindingId === "31649")).toMatchObject({
      cvssScore: 7.5,
      cvssVector: "CVSS2#AV:N/AC:L/Au:N/C:P/I:P/A:P",
      cweId: "CWE-94",
    });
    const critical = r.records.filter((f) => f.severity === "Critical");
    expect(critical.map((f) => f.scannerFindingId)).toEqual(["58987", "58987"]);
    expect(critical[0]?.evidence?.length).toBeLessThanOrEqual(4000);
  });
});

describe("Trivy samples", () => {
  it("scheme_2_many_vulns.json: 5 vulnerabilities in an image, nothing rejected or skipped", async () => {
    const r = await importFile("trivy/scheme_2_many_vulns.json");
    expect(r.format).toBe("trivy");
    expect([r.records.length, r.rejected.length, r.skipped]).toEqual([5, 0, {}]);
    expect(r.records[0]).toMatchObject({
      scanner: "trivy",
      scannerFindingId: "CVE-2020-15999|freetype|2.9.1-r2",
      image: "teamdojo:latest",
      target: "teamdojo:latest (alpine 3.9.4)",
      severity: "Medium",
      cvssScore: 6.5,
      cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:N/A:H",
      cveIds: ["CVE-2020-15999"],
      cweId: "CWE-787",
      remediation: "Upgrade freetype to 2.9.1-r3",
    });
    const compress = r.records.find((f) => f.scannerFindingId?.startsWith("CVE-2018-11771|"));
    expect(compress).toMatchObject({ target: "app/libs/commons-compress-1.14.jar", cvssScore: 5.5 });
  });

  it("misconfigurations_and_secrets.json: 2 vulnerabilities, 1 failed check, 2 secrets", async () => {
    const r = await importFile("trivy/misconfigurations_and_secrets.json");
    expect([r.records.length, r.rejected.length, r.skipped]).toEqual([5, 0, {}]);
    expect(r.records.map((f) => f.scannerFindingId)).toEqual([
      "CVE-2021-33503|urllib3|1.26.3",
      expect.stringMatching(/\|/),
      "DS002",
      "github-pat|L24",
      "github-pat|L1",
    ]);
    expect(r.records[2]).toMatchObject({ target: "Dockerfile", severity: "High", title: "Image user should not be 'root'" });
    expect(r.records[3]).toMatchObject({ target: "Dockerfile", severity: "Critical", evidence: "line 24: ENV GITHUB_PAT=*****" });
    // A filesystem scan has no image: the scanned file is the asset.
    expect(r.records.every((f) => f.image === undefined)).toBe(true);
  });
});

describe("OpenVAS / GVM sample", () => {
  it("openvas_many_vuln.xml: 44 findings, none skipped or rejected", async () => {
    const r = await importFile("openvas/openvas_many_vuln.xml");
    expect(r.format).toBe("openvas");
    expect([r.records.length, r.rejected.length, r.skipped]).toEqual([44, 0, {}]);
    // GVM's NVD bands stop at High; the score puts 9.0+ in Critical.
    expect(severityCounts(r.records)).toEqual([0, 25, 11, 8]);
    expect(r.records.filter((f) => (f.cveIds?.length ?? 0) > 0)).toHaveLength(23);
  });

  it("maps the nvt, the host (an invalid address goes to target), port and CVE refs", async () => {
    const r = await importFile("openvas/openvas_many_vuln.xml");
    expect(r.records[0]).toMatchObject({
      scanner: "openvas",
      scannerFindingId: "1.3.6.1.4.1.25623.1.0.100111",
      hostname: "b6b9f466d63",
      target: "192.168.1.1001",
      port: 512,
      protocol: "tcp",
      title: "The rexec service is running",
      severity: "Critical",
      cvssScore: 10,
      cveIds: ["CVE-1999-0618"],
      evidence: "The rexec service was detected on the target system.",
      firstSeen: "2023-09-29T11:36:37.717Z",
    });
    expect(r.records[0]?.ip).toBeUndefined();
    expect(r.records[0]?.remediation).toContain("Disable the rexec service");
    const general = r.records.find((f) => f.service === "general");
    expect(general).toMatchObject({ protocol: "tcp" });
    expect(general?.port).toBeUndefined();
  });
});
