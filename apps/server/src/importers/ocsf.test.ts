import { describe, expect, it } from "vitest";
import { detectFindingFormat } from "./findings/detect";
import { importOcsfVulnerabilities } from "./findings/ocsf-vulnerability";
import { summariseFindings } from "./findings/summarise";
import { importOcsf, ocsfUnratedPriority } from "./ocsf";
import { ocsfFindingClasses } from "./ocsf-classes";
import { summariseImport } from "./summarise";
import { sourceFromString } from "./types";

const detection = (uid: string, severityId: number, extra: object = {}) => ({
  class_uid: 2004,
  severity_id: severityId,
  time: 1717243200000,
  finding_info: { uid, title: `Detection ${uid}` },
  ...extra,
});

// An OCSF 1.1 Vulnerability Finding as Amazon Inspector and Security Hub write it (shape from the
// OCSF schema: vulnerabilities[] with cve.cvss[], resources[], device).
const vulnerability = (uid: string, severityId: number, vulns: object[]) => ({
  class_uid: 2002,
  category_uid: 2,
  severity_id: severityId,
  time: 1717243200000,
  metadata: { product: { name: "Inspector", vendor_name: "AWS" }, version: "1.1.0" },
  finding_info: { uid, title: "Vulnerable package" },
  device: { hostname: "web-1", ip: "10.0.0.8" },
  resources: [{ uid: "arn:aws:ec2:eu-west-1:111122223333:instance/i-0abc", type: "AwsEc2Instance" }],
  vulnerabilities: vulns,
});
const openssl = {
  title: "CVE-2023-0286 - openssl",
  desc: "Type confusion in X.400 address processing",
  severity: "High",
  cve: {
    uid: "CVE-2023-0286",
    cvss: [{ base_score: 7.4, vector_string: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:H", version: "3.1" }],
  },
  cwe: { uid: "843" },
  remediation: { desc: "Upgrade openssl to 3.0.8" },
  first_seen_time: 1717000000000,
  last_seen_time: 1717243200000,
};

describe("OCSF alert import: classes of the Findings category", () => {
  it("lists every Findings class of the schema (2001-2008) and routes 2002 and 2003", () => {
    expect(Object.keys(ocsfFindingClasses).map(Number)).toEqual([2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008]);
    expect(ocsfFindingClasses[2002]?.destination).toBe("vulnerabilities");
    expect(ocsfFindingClasses[2003]?.destination).toBe("compliance");
  });

  it("routes vulnerability and compliance findings, names the others, and never calls a finding 'not a finding'", async () => {
    const rows = [
      detection("d-1", 4),
      vulnerability("v-1", 4, [openssl]),
      { class_uid: 2003, severity_id: 3, finding_info: { uid: "c-1" } },
      { class_uid: 2006, severity_id: 3, finding_info: { uid: "ds-1" } },
      { class_uid: 2099, severity_id: 3 },
      { class_uid: 4001, severity_id: 1 },
    ];
    const r = await summariseImport(importOcsf(sourceFromString(JSON.stringify(rows))));
    expect(r.records.map((a) => a.sourceId)).toEqual(["d-1"]);
    expect(r.routed).toEqual({ vulnerabilities: 1, compliance: 1 });
    expect(r.skipped).toEqual({
      "OCSF Data Security Finding (class_uid 2006) is a finding the alert import does not map yet": 1,
      "OCSF class_uid 2099 is a finding the alert import does not map yet": 1,
      "class_uid 4001 is not in the OCSF Findings category (2001-2099)": 1,
    });
  });

  it("imports severity Unknown (0) and Other (99) with the default priority and a finding, rejects nonsense", async () => {
    const rows = [detection("u-0", 0), detection("o-99", 99, { severity: "Severe-ish" }), detection("bad", 7)];
    const r = await summariseImport(importOcsf(sourceFromString(JSON.stringify(rows))));
    expect(ocsfUnratedPriority).toBe("Medium");
    expect(r.records.map((a) => [a.sourceId, a.priority])).toEqual([
      ["u-0", "Medium"],
      ["o-99", "Medium"],
    ]);
    expect(r.findings.map((f) => [f.row, f.kind, f.field, f.value, f.message])).toEqual([
      [1, "out_of_enumeration", "priority", "0", "OCSF severity_id 0 (Unknown) has no priority; imported as Medium"],
      [
        2,
        "out_of_enumeration",
        "priority",
        "99",
        'OCSF severity_id 99 (Other) (the source calls it "Severe-ish") has no priority; imported as Medium',
      ],
    ]);
    expect(r.rejected.map((e) => [e.row, e.problems[0]?.field])).toEqual([[3, "severity_id"]]);
  });
});

describe("OCSF Vulnerability Finding importer (findings)", () => {
  it("is detected by its class and maps each listed vulnerability", async () => {
    const text = JSON.stringify([vulnerability("v-1", 4, [openssl]), detection("d-1", 4)]);
    expect(detectFindingFormat(text)).toBe("ocsf");
    const r = await summariseFindings(importOcsfVulnerabilities(sourceFromString(text)));
    expect(r.records).toHaveLength(1);
    expect(r.records[0]).toMatchObject({
      scanner: "Inspector",
      scannerFindingId: "v-1",
      hostname: "web-1",
      ip: "10.0.0.8",
      cloudResourceId: "arn:aws:ec2:eu-west-1:111122223333:instance/i-0abc",
      title: "CVE-2023-0286 - openssl",
      severity: "High",
      cvssScore: 7.4,
      cveIds: ["CVE-2023-0286"],
      cweId: "CWE-843",
      remediation: "Upgrade openssl to 3.0.8",
      firstSeen: "2024-05-29T16:26:40.000Z",
      lastSeen: "2024-06-01T12:00:00.000Z",
    });
    expect(r.skipped).toEqual({ "OCSF class_uid 2004 is not a Vulnerability Finding (2002)": 1 });
  });

  it("splits several vulnerabilities, skips informational ones and falls back to CVSS when unrated", async () => {
    const noSeverity = { title: "CVE-2024-1 - zlib", cve: { uid: "CVE-2024-0001", cvss: [{ base_score: 9.8 }] } };
    const rows = [
      vulnerability("v-2", 0, [noSeverity, { title: "unscored", cve: { uid: "CVE-2024-0002" } }]),
      vulnerability("v-3", 1, [{ title: "banner" }]),
      vulnerability("v-4", 4, []),
    ];
    const r = await summariseFindings(importOcsfVulnerabilities(sourceFromString(JSON.stringify(rows))));
    expect(r.records.map((f) => [f.scannerFindingId, f.severity])).toEqual([["v-2|CVE-2024-0001", "Critical"]]);
    expect(r.skipped).toEqual({ "unrated (OCSF severity_id 0 and no CVSS score)": 1, "informational (OCSF severity_id 1)": 1 });
    expect(r.rejected.map((e) => [e.row, e.problems[0]?.field])).toEqual([[3, "vulnerabilities"]]);
  });
});
