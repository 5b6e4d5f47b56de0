import { describe, expect, it } from "vitest";
import { detectFindingFormat, ImportFileError, importQualys, sourceFromString, summariseFindings } from "./index";
import { parseCvss } from "./qualys";

// No Qualys export is in the shared data: these follow the documented Host List Detection API
// output (host_list_vm_detection_output.dtd) and the scan report (asset_data_report.dtd).
const detection = (qid: string, extra: string) => `
        <DETECTION>
          <QID>${qid}</QID>
          ${extra}
          <FIRST_FOUND_DATETIME
            >2018-01-26T04:45:50Z</FIRST_FOUND_DATETIME>
          <LAST_FOUND_DATETIME>2018-04-13T03:48:50Z</LAST_FOUND_DATETIME>
          <TIMES_FOUND>111</TIMES_FOUND>
        </DETECTION>`;

const detectionOutput = `<?xml version="1.0" encoding="UTF-8" ?>
<!DOCTYPE HOST_LIST_VM_DETECTION_OUTPUT SYSTEM "https://qualysapi.qualys.com/api/2.0/fo/asset/host/vm/detection/host_list_vm_detection_output.dtd">
<HOST_LIST_VM_DETECTION_OUTPUT>
  <RESPONSE>
    <DATETIME>2020-09-27T01:29:21Z</DATETIME>
    <HOST_LIST>
      <HOST>
        <ID>6506432</ID>
        <IP>10.10.10.11</IP>
        <TRACKING_METHOD>IP</TRACKING_METHOD>
        <OS><![CDATA[Windows 2008 R2 Enterprise Service Pack1]]></OS>
        <DNS><![CDATA[2k8r2-u-10-11.corp.example]]></DNS>
        <NETBIOS><![CDATA[2K8R2-U-10-11]]></NETBIOS>
        <DETECTION_LIST>${detection(
          "38170",
          `<TYPE>Confirmed</TYPE><SEVERITY>2</SEVERITY><PORT>3389</PORT><PROTOCOL>tcp</PROTOCOL><SSL>1</SSL>
          <RESULTS><![CDATA[Certificate #0 CN=2k8r2-u-10-11 doesn't resolve]]></RESULTS><STATUS>Active</STATUS>`,
        )}${detection("91345", "<TYPE>Potential</TYPE><SEVERITY>5</SEVERITY><PORT>445</PORT><PROTOCOL>tcp</PROTOCOL><STATUS>New</STATUS>")}${detection(
          "45038",
          "<TYPE>Info</TYPE><SEVERITY>1</SEVERITY><STATUS>Active</STATUS>",
        )}${detection("38601", "<TYPE>Confirmed</TYPE><SEVERITY>3</SEVERITY><STATUS>Fixed</STATUS>")}${detection(
          "11111",
          "<TYPE>Confirmed</TYPE><SEVERITY>9</SEVERITY><STATUS>Active</STATUS>",
        )}
        </DETECTION_LIST>
      </HOST>
      <HOST>
        <ID>6506433</ID>
        <IP>10.10.10.12</IP>
        <DNS_DATA><HOSTNAME>web02</HOSTNAME><DOMAIN>corp.example</DOMAIN><FQDN>web02.corp.example</FQDN></DNS_DATA>
        <DETECTION_LIST>${detection("38170", "<TYPE>Confirmed</TYPE><SEVERITY>4</SEVERITY><PORT>443</PORT><PROTOCOL>tcp</PROTOCOL>")}
        </DETECTION_LIST>
      </HOST>
    </HOST_LIST>
  </RESPONSE>
</HOST_LIST_VM_DETECTION_OUTPUT>
<!-- CONFIDENTIAL AND PROPRIETARY INFORMATION. //-->
`;

const assetDataReport = `<?xml version="1.0" encoding="UTF-8" ?>
<!DOCTYPE ASSET_DATA_REPORT SYSTEM "https://qualysguard.qualys.com/asset_data_report.dtd">
<ASSET_DATA_REPORT>
  <HEADER><GENERATION_DATETIME>2019-08-01T20:03:10Z</GENERATION_DATETIME></HEADER>
  <HOST_LIST>
    <HOST>
      <IP>64.41.200.243</IP>
      <TRACKING_METHOD>DNS</TRACKING_METHOD>
      <DNS><![CDATA[demo13.s02.sjc01.qualys.com]]></DNS>
      <OPERATING_SYSTEM><![CDATA[Ubuntu / Linux 2.6.x]]></OPERATING_SYSTEM>
      <VULN_INFO_LIST>
        <VULN_INFO>
          <QID id="qid_82023">82023</QID><TYPE>Ig</TYPE><SSL>false</SSL>
          <RESULT format="table"><![CDATA[Port\tService\n22\tssh]]></RESULT>
          <FIRST_FOUND>2019-07-31T21:57:48Z</FIRST_FOUND><LAST_FOUND>2019-07-31T21:57:48Z</LAST_FOUND>
        </VULN_INFO>
        <VULN_INFO>
          <QID id="qid_38739">38739</QID><TYPE>Vuln</TYPE><PORT>22</PORT><SERVICE>ssh</SERVICE><PROTOCOL>tcp</PROTOCOL>
          <SSL>false</SSL><RESULT format="table"><![CDATA[Type\tName\ncipher\tarcfour256]]></RESULT>
          <FIRST_FOUND>2019-07-31T21:57:48Z</FIRST_FOUND><LAST_FOUND>2019-08-01T10:00:00Z</LAST_FOUND>
          <VULN_STATUS>New</VULN_STATUS>
        </VULN_INFO>
        <VULN_INFO>
          <QID id="qid_99999">99999</QID><TYPE>Vuln</TYPE><FIRST_FOUND>2019-07-31T21:57:48Z</FIRST_FOUND>
        </VULN_INFO>
      </VULN_INFO_LIST>
    </HOST>
  </HOST_LIST>
  <GLOSSARY>
    <VULN_DETAILS_LIST>
      <VULN_DETAILS id="qid_38739">
        <QID id="qid_38739">38739</QID>
        <TITLE><![CDATA[Deprecated SSH Cryptographic Settings]]></TITLE>
        <SEVERITY>3</SEVERITY>
        <CATEGORY>General remote services</CATEGORY>
        <THREAT><![CDATA[The SSH server supports <B>weak</B> ciphers.<P>Arcfour is broken.]]></THREAT>
        <IMPACT><![CDATA[Traffic may be decrypted.]]></IMPACT>
        <SOLUTION><![CDATA[Disable the ciphers listed in the <A HREF="https://example.org">results</A>.]]></SOLUTION>
        <CVSS_SCORE><CVSS_BASE source="service">4.3</CVSS_BASE></CVSS_SCORE>
        <CVSS3_SCORE><CVSS3_BASE>5.9 (AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N)</CVSS3_BASE></CVSS3_SCORE>
        <CVE_ID_LIST><CVE_ID><ID><![CDATA[CVE-2013-2566]]></ID><URL>http://cve.mitre.org</URL></CVE_ID></CVE_ID_LIST>
      </VULN_DETAILS>
    </VULN_DETAILS_LIST>
  </GLOSSARY>
</ASSET_DATA_REPORT>
`;

const run = (text: string) => summariseFindings(importQualys(sourceFromString(text)));

describe("Qualys host detection list", () => {
  it("maps detections per host, skips information gathered and fixed, rejects a bad level", async () => {
    const r = await run(detectionOutput);
    expect(r.skipped).toEqual({ "informational (Qualys information gathered)": 1, "fixed (Qualys status Fixed)": 1 });
    expect(r.rejected).toHaveLength(1);
    expect(r.rejected[0]?.problems).toEqual([{ field: "SEVERITY", reason: '"9" is not a Qualys severity level (1-5)' }]);
    expect(r.records).toHaveLength(3);
    expect(r.records[0]).toMatchObject({
      scanner: "qualys",
      scannerFindingId: "38170",
      ip: "10.10.10.11",
      hostname: "2K8R2-U-10-11",
      fqdn: "2k8r2-u-10-11.corp.example",
      port: 3389,
      protocol: "tcp",
      title: "Qualys QID 38170",
      severity: "Low",
      cveIds: [],
      evidence: "Certificate #0 CN=2k8r2-u-10-11 doesn't resolve",
      firstSeen: "2018-01-26T04:45:50.000Z",
      lastSeen: "2018-04-13T03:48:50.000Z",
    });
    // A potential (unconfirmed) detection is still a finding.
    expect(r.records[1]).toMatchObject({ scannerFindingId: "91345", severity: "Critical", port: 445 });
    // The second host's identity does not leak into or from the first.
    expect(r.records[2]).toMatchObject({ ip: "10.10.10.12", hostname: "web02", fqdn: "web02.corp.example", severity: "High" });
  });

  it("raises ImportFileError for a truncated file and another document", async () => {
    await expect(run(detectionOutput.slice(0, 1200))).rejects.toBeInstanceOf(ImportFileError);
    await expect(run("<SCAN_LIST_OUTPUT/>")).rejects.toThrow(/root element is <SCAN_LIST_OUTPUT>/);
  });
});

describe("Qualys scan report (ASSET_DATA_REPORT)", () => {
  it("rates and titles each VULN_INFO from the glossary that follows the hosts", async () => {
    const r = await run(assetDataReport);
    expect(r.skipped).toEqual({ "informational (Qualys information gathered)": 1 });
    expect(r.records).toHaveLength(1);
    expect(r.records[0]).toMatchObject({
      scannerFindingId: "38739",
      ip: "64.41.200.243",
      fqdn: "demo13.s02.sjc01.qualys.com",
      port: 22,
      service: "ssh",
      title: "Deprecated SSH Cryptographic Settings",
      severity: "Medium",
      cvssScore: 5.9,
      cvssVector: "AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N",
      cveIds: ["CVE-2013-2566"],
      description: "The SSH server supports weak ciphers.\nArcfour is broken.\n\nTraffic may be decrypted.",
      remediation: "Disable the ciphers listed in the results.",
      lastSeen: "2019-08-01T10:00:00.000Z",
    });
    // A QID the glossary does not describe has no level: rejected, naming why.
    expect(r.rejected[0]?.problems[0]).toEqual({
      field: "SEVERITY",
      reason: "is missing, and QID 99999 has no knowledge-base entry in the file",
    });
  });

  it("reads CVSS as Qualys writes it", () => {
    expect(parseCvss("7.4 (AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N)")).toEqual({
      score: 7.4,
      vector: "AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N",
    });
    expect(parseCvss("4.3")).toEqual({ score: 4.3, vector: undefined });
    expect(parseCvss("-")).toEqual({});
  });

  it("is detected by its root element, past the DOCTYPE", () => {
    expect(detectFindingFormat(detectionOutput)).toBe("qualys");
    expect(detectFindingFormat(assetDataReport)).toBe("qualys");
  });
});
