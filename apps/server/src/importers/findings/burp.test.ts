import { describe, expect, it } from "vitest";
import { detectFindingFormat, ImportFileError, importBurp, sourceFromString, summariseFindings } from "./index";

// No Burp export is in the shared data: this follows the documented "Report issues as XML" shape,
// inline DTD included (Burp writes it into every export).
const dtd = `<!DOCTYPE issues [
<!ELEMENT issues (issue*)>
<!ATTLIST issues burpVersion CDATA "">
<!ATTLIST issues exportTime CDATA "">
<!ELEMENT issue (serialNumber, type, name, host, path, location, severity, confidence, issueBackground?, remediationBackground?, references?, vulnerabilityClassifications?, issueDetail?, issueDetailItems?, remediationDetail?, requestresponse*)>
<!ELEMENT host (#PCDATA)>
<!ATTLIST host ip CDATA "">
]>`;

let serial = 0;
const issue = (fields: { severity: string; name?: string; type?: string; location?: string; host?: string; extra?: string }) => `
  <issue>
    <serialNumber>45643765376573${++serial}</serialNumber>
    <type>${fields.type ?? "1049088"}</type>
    <name><![CDATA[${fields.name ?? "SQL injection"}]]></name>
    ${fields.host ?? '<host ip="203.0.113.10">https://shop.example.org</host>'}
    <path><![CDATA[/search]]></path>
    <location><![CDATA[${fields.location ?? "/search [q parameter]"}]]></location>
    <severity>${fields.severity}</severity>
    <confidence>Firm</confidence>
    <issueBackground><![CDATA[<p>SQL injection vulnerabilities arise when user-controllable data is incorporated into database SQL queries in an unsafe manner.</p>]]></issueBackground>
    <remediationBackground><![CDATA[<p>Use parameterized queries.</p><ul><li>Validate input</li><li>Least privilege</li></ul>]]></remediationBackground>
    <vulnerabilityClassifications><![CDATA[<ul>
<li><a href="https://cwe.mitre.org/data/definitions/89.html">CWE-89: Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')</a></li>
<li><a href="https://cwe.mitre.org/data/definitions/94.html">CWE-94: Improper Control of Generation of Code</a></li>
</ul>]]></vulnerabilityClassifications>
    <issueDetail><![CDATA[The <b>q</b> parameter appears to be vulnerable. The payload <b>'</b> was submitted &amp; an error returned.]]></issueDetail>
    ${fields.extra ?? ""}
    <requestresponse>
      <request method="GET" base64="true"><![CDATA[R0VUIC9zZWFyY2g/cT0nIEhUVFAvMS4xDQpIb3N0OiBzaG9wLmV4YW1wbGUub3JnDQoNCg==]]></request>
      <response base64="true"><![CDATA[SFRUUC8xLjEgNTAwIEludGVybmFsIFNlcnZlciBFcnJvcg0KDQo=]]></response>
      <responseRedirected>false</responseRedirected>
    </requestresponse>
  </issue>`;

const report = (issues: string) =>
  `<?xml version="1.0"?>\n${dtd}\n<issues burpVersion="2023.10.3" exportTime="Wed Jan 27 22:43:35 CET 2024">${issues}\n</issues>\n`;

const run = (text: string) => summariseFindings(importBurp(sourceFromString(text)));

describe("Burp Suite XML importer", () => {
  it("maps issues, skips Information and false positives, rejects an unknown severity", async () => {
    const r = await run(
      report(
        issue({ severity: "High" }) +
          issue({ severity: "Information", name: "Cacheable HTTPS response", type: "7340288" }) +
          issue({ severity: "False positive" }) +
          issue({ severity: "Severe" }) +
          issue({
            severity: "Low",
            name: "Vulnerable JavaScript dependency",
            type: "5245952",
            location: "/static/jquery-1.8.1.min.js",
            host: "<host>http://10.0.0.8:8080</host>",
            extra:
              "<issueDetailItems><issueDetailItem><![CDATA[CVE-2020-11022: jQuery XSS]]></issueDetailItem></issueDetailItems>",
          }),
      ),
    );
    expect(r.skipped).toEqual({ "informational (Burp severity Information)": 1, "false positive": 1 });
    expect(r.rejected.map((x) => x.problems[0])).toEqual([
      { field: "severity", reason: '"Severe" is not a Burp severity (High, Medium, Low, Information)' },
    ]);
    expect(r.records).toHaveLength(2);
    expect(r.records[0]).toMatchObject({
      scanner: "burp",
      scannerFindingId: "1049088|/search [q parameter]",
      ip: "203.0.113.10",
      fqdn: "shop.example.org",
      target: "https://shop.example.org",
      port: 443,
      protocol: "tcp",
      service: "https",
      title: "SQL injection",
      severity: "High",
      cweId: "CWE-89",
      description:
        "SQL injection vulnerabilities arise when user-controllable data is incorporated into database SQL queries in an unsafe manner.",
      remediation: "Use parameterized queries.\n\n- Validate input\n- Least privilege",
    });
    expect(r.records[0]?.evidence).toBe(
      "The q parameter appears to be vulnerable. The payload ' was submitted & an error returned.\n\nLocation: /search [q parameter]\n\nConfidence: Firm",
    );
    // The base64 request/response pair stays out of raw.
    expect(JSON.stringify(r.records[0]?.raw)).not.toContain("R0VUIC9");
    expect(r.records[1]).toMatchObject({
      ip: "10.0.0.8",
      port: 8080,
      service: "http",
      severity: "Low",
      cveIds: ["CVE-2020-11022"],
    });
    expect(r.records[1]?.evidence).toContain("- CVE-2020-11022: jQuery XSS");
  });

  it("raises ImportFileError for broken XML and for another document", async () => {
    await expect(run(report(issue({ severity: "High" })).replace("</issue>", ""))).rejects.toBeInstanceOf(ImportFileError);
    await expect(run("<?xml version='1.0'?><NessusClientData_v2/>")).rejects.toThrow(/root element is <NessusClientData_v2>/);
  });

  it("is detected past its inline DTD", () => {
    expect(detectFindingFormat(report(issue({ severity: "High" })))).toBe("burp");
  });
});
