import { severityFromCvss } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import {
  detectFindingFormat,
  ImportFileError,
  importNessus,
  importOpenvas,
  importTrivy,
  sourceFromString,
  summariseFindings,
} from "./index";
import type { FindingImporter } from "./types";

const run = (importer: FindingImporter, text: string) => summariseFindings(importer(sourceFromString(text)));

const nessus = (items: string) => `<?xml version="1.0" ?>
<NessusClientData_v2><Report name="t">
<ReportHost name="10.0.0.5"><HostProperties>
<tag name="host-ip">10.0.0.5</tag><tag name="netbios-name">WS01</tag><tag name="HOST_START_TIMESTAMP">1700000000</tag>
</HostProperties>
${items}
</ReportHost></Report></NessusClientData_v2>`;

const gvmResult = (severity: string, threat: string, extra = "") => `<result id="r"><host>10.0.0.9<hostname>db1</hostname></host>
<port>443/tcp (https)</port><nvt oid="1.3.6.1.4.1.25623.1.0.1"><name>Weak TLS</name><cvss_base>${severity}</cvss_base>
<tags>cvss_base_vector=AV:N/AC:L/Au:N/C:P/I:N/A:N|summary=Weak.|solution=Fix it.</tags><cve>CVE-2016-2183, NOCVE</cve>${extra}</nvt>
<threat>${threat}</threat><severity>${severity}</severity><description>found</description></result>`;
const gvm = (results: string) =>
  `<report id="x"><report id="y"><gmp><version>22.4</version></gmp><results>${results}</results></report></report>`;

describe("Nessus importer rules", () => {
  it("skips severity 0, drops port 0, rejects an item without a plugin id", async () => {
    const r = await run(
      importNessus,
      nessus(`<ReportItem port="0" svc_name="general" protocol="tcp" severity="1" pluginID="10" pluginName="Low thing"><cwe>200</cwe></ReportItem>
<ReportItem port="22" svc_name="ssh" protocol="tcp" severity="0" pluginID="11" pluginName="Info"/>
<ReportItem port="22" svc_name="ssh" protocol="tcp" severity="3" pluginName="No id"/>`),
    );
    expect(r.skipped).toEqual({ "informational (Nessus severity 0)": 1 });
    expect(r.records).toHaveLength(1);
    expect(r.records[0]).toMatchObject({ ip: "10.0.0.5", hostname: "WS01", severity: "Low", cweId: "CWE-200" });
    expect(r.records[0]?.port).toBeUndefined();
    expect(r.rejected).toHaveLength(1);
    expect(r.rejected[0]?.problems[0]?.field).toBe("scannerFindingId");
  });

  it("truncates long plugin output", async () => {
    const output = "x".repeat(10_000);
    const r = await run(
      importNessus,
      nessus(
        `<ReportItem port="80" protocol="tcp" severity="2" pluginID="1" pluginName="p"><plugin_output>${output}</plugin_output></ReportItem>`,
      ),
    );
    expect(r.records[0]?.evidence).toHaveLength(4000);
    expect(r.records[0]?.evidence?.endsWith("[truncated]")).toBe(true);
  });

  it("raises ImportFileError for malformed XML, a truncated file and another document", async () => {
    await expect(run(importNessus, "<NessusClientData_v2><Report><ReportHost></Report>")).rejects.toBeInstanceOf(ImportFileError);
    await expect(run(importNessus, nessus("").slice(0, 200))).rejects.toBeInstanceOf(ImportFileError);
    await expect(run(importNessus, "<report/>")).rejects.toThrow(/root element is <report>/);
    await expect(run(importNessus, "")).rejects.toBeInstanceOf(ImportFileError);
  });
});

describe("Trivy importer rules", () => {
  it("accepts the legacy schema: a top-level array of results", async () => {
    const legacy = [
      {
        Target: "alpine:3.10 (alpine 3.10.2)",
        Type: "alpine",
        Vulnerabilities: [
          { VulnerabilityID: "CVE-2019-14697", PkgName: "musl", InstalledVersion: "1.1.22-r2", Severity: "UNKNOWN" },
          { VulnerabilityID: "GHSA-xxxx", PkgName: "lodash", InstalledVersion: "4.17.0", Severity: "HIGH" },
        ],
      },
    ];
    const r = await run(importTrivy, JSON.stringify(legacy));
    expect(r.records).toHaveLength(2);
    // UNKNOWN (not yet rated) is kept as Low; a GHSA id is no CVE id.
    expect(r.records[0]).toMatchObject({ severity: "Low", cveIds: ["CVE-2019-14697"], target: "alpine:3.10 (alpine 3.10.2)" });
    expect(r.records[1]).toMatchObject({ severity: "High", cveIds: [], scannerFindingId: "GHSA-xxxx|lodash|4.17.0" });
  });

  it("skips passed misconfiguration checks and prefers the severity source's CVSS", async () => {
    const doc = {
      SchemaVersion: 2,
      ArtifactName: "app:1",
      ArtifactType: "container_image",
      CreatedAt: "2024-05-01T10:00:00.123456789+02:00",
      Results: [
        {
          Target: "Dockerfile",
          Misconfigurations: [{ ID: "DS001", Title: "ok", Severity: "LOW", Status: "PASS" }],
          Vulnerabilities: [
            {
              VulnerabilityID: "CVE-2024-0001",
              PkgName: "a",
              InstalledVersion: "1",
              SeveritySource: "ghsa",
              CVSS: { nvd: { V3Score: 9.8 }, ghsa: { V40Score: 6.1, V40Vector: "CVSS:4.0/AV:N" } },
            },
          ],
        },
      ],
    };
    const r = await run(importTrivy, JSON.stringify(doc));
    expect(r.skipped).toEqual({ "misconfiguration check PASS": 1 });
    expect(r.records[0]).toMatchObject({ image: "app:1", cvssScore: 6.1, cvssVector: "CVSS:4.0/AV:N", severity: "Medium" });
    expect(r.records[0]?.lastSeen).toBe("2024-05-01T08:00:00.123Z");
  });

  it("raises ImportFileError for invalid JSON and JSON that is not a Trivy report", async () => {
    await expect(run(importTrivy, '{"SchemaVersion": 2, "Results": [')).rejects.toBeInstanceOf(ImportFileError);
    await expect(run(importTrivy, '{"hello": 1}')).rejects.toBeInstanceOf(ImportFileError);
  });
});

describe("OpenVAS importer rules", () => {
  it("skips Log and false positives, bands scores, reads the old cve element and the tag vector", async () => {
    const r = await run(
      importOpenvas,
      gvm(gvmResult("5.0", "Medium") + gvmResult("0.0", "Log") + gvmResult("-1", "False Positive")),
    );
    expect(r.skipped).toEqual({ "informational (GVM Log, severity 0)": 1, "false positive": 1 });
    expect(r.records[0]).toMatchObject({
      ip: "10.0.0.9",
      hostname: "db1",
      port: 443,
      protocol: "tcp",
      service: "https",
      severity: "Medium",
      cvssScore: 5,
      cvssVector: "AV:N/AC:L/Au:N/C:P/I:N/A:N",
      cveIds: ["CVE-2016-2183"],
      remediation: "Fix it.",
    });
  });

  it("rejects a result without a severity and raises ImportFileError for broken XML", async () => {
    const r = await run(importOpenvas, gvm(gvmResult("", "High")));
    expect(r.rejected[0]?.problems[0]?.field).toBe("severity");
    await expect(run(importOpenvas, gvm(gvmResult("5.0", "Medium")).replace("</results>", ""))).rejects.toBeInstanceOf(
      ImportFileError,
    );
  });
});

describe("detectFindingFormat", () => {
  it("tells the formats apart by their first bytes, then by file name", () => {
    expect(detectFindingFormat(nessus(""))).toBe("nessus");
    expect(detectFindingFormat(gvm(""))).toBe("openvas");
    expect(detectFindingFormat('{\n  "SchemaVersion": 2,\n  "ArtifactName": "x"')).toBe("trivy");
    expect(detectFindingFormat('[{"Target": "a", "Type": "alpine", "Vulnerabilities": [')).toBe("trivy");
    expect(detectFindingFormat("<?xml?><x/>", "scan.NESSUS")).toBe("nessus");
    expect(detectFindingFormat('{"rule": {"level": 3}}', "alerts.json")).toBeNull();
    expect(detectFindingFormat("<report><task/></report>")).toBeNull();
  });
});

describe("severityFromCvss", () => {
  it("uses the CVSS v3 bands and treats 0 as informational", () => {
    expect([0, 0.1, 3.9, 4, 6.9, 7, 8.9, 9, 10].map(severityFromCvss)).toEqual([
      null,
      "Low",
      "Low",
      "Medium",
      "Medium",
      "High",
      "High",
      "Critical",
      "Critical",
    ]);
  });
});
