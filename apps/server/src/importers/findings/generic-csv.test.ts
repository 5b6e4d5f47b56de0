import { describe, expect, it } from "vitest";
import { detectFindingFormat, ImportFileError, importGenericCsv, sourceFromString, summariseFindings } from "./index";

const run = (text: string) => summariseFindings(importGenericCsv(sourceFromString(text)));

const header = "id,hostname,ip,fqdn,target,title,severity,cvss,cve,cwe,port,scanner,first_seen,last_seen,remediation,description";

describe("generic findings CSV", () => {
  it("maps the documented columns; severity wins over the score, the score fills a blank severity", async () => {
    const text = [
      header,
      'PT-1,web01,10.0.0.5,web01.example.org,,Outdated TLS configuration,High,5.3,"CVE-2016-2183, cve-2016-6329",327,443/tcp,pentest-2024,2024-05-01,2024-05-02T10:00:00Z,"Disable 3DES, RC4",Found by manual review',
      ",,,,https://shop.example.org,Stored XSS in reviews,,8.1,,CWE-79,,,,,,",
    ].join("\n");
    const r = await run(text);
    expect([r.records.length, r.rejected.length, r.skipped]).toEqual([2, 0, {}]);
    expect(r.records[0]).toMatchObject({
      scanner: "pentest-2024",
      scannerFindingId: "PT-1",
      hostname: "web01",
      ip: "10.0.0.5",
      fqdn: "web01.example.org",
      port: 443,
      protocol: "tcp",
      title: "Outdated TLS configuration",
      severity: "High",
      cvssScore: 5.3,
      cveIds: ["CVE-2016-2183", "CVE-2016-6329"],
      cweId: "CWE-327",
      remediation: "Disable 3DES, RC4",
      firstSeen: "2024-05-01T00:00:00.000Z",
      lastSeen: "2024-05-02T10:00:00.000Z",
      raw: expect.objectContaining({ id: "PT-1", scanner: "pentest-2024" }),
    });
    // No id column value: the title is the stable id; no scanner: "csv".
    expect(r.records[1]).toMatchObject({
      scanner: "csv",
      scannerFindingId: "Stored XSS in reviews",
      target: "https://shop.example.org",
      severity: "High",
      cweId: "CWE-79",
    });
  });

  it("rejects each bad row with every bad column and its reason", async () => {
    const text = [
      header,
      "1,,,,,No asset,High,,,,,,,,,",
      "2,db1,10.0.0.300,,,Bad values,Severe,11,CVE-21-1,XSS,70000,,2024-02-30,,,",
      "3,db1,,,,,,,,,,,,,,",
      "4,db1,,,,Dates,Low,,,,,,2024-05-02,2024-05-01,,",
      "5,db1,only three",
    ].join("\n");
    const r = await run(text);
    expect(r.records).toEqual([]);
    const problems = Object.fromEntries(r.rejected.map((x) => [x.row, x.problems]));
    expect(problems[2]).toEqual([{ field: "hostname|ip|fqdn|target", reason: "needs one of hostname, ip, fqdn or target" }]);
    expect(problems[3]).toEqual([
      { field: "ip", reason: '"10.0.0.300" is not an IPv4 or IPv6 address' },
      { field: "cvss", reason: '"11" is not a score from 0 to 10' },
      { field: "severity", reason: '"Severe" is not one of Low, Medium, High, Critical (or Info, skipped)' },
      { field: "cve", reason: '"CVE-21-1" not a CVE id (CVE-YYYY-NNNN)' },
      { field: "cwe", reason: '"XSS" is not a CWE id (79 or CWE-79)' },
      { field: "port", reason: '"70000" is not a port number (0-65535)' },
      { field: "first_seen", reason: '"2024-02-30" is not a date (ISO 8601, e.g. 2024-05-01 or 2024-05-01T10:00:00Z)' },
    ]);
    expect(problems[4]).toEqual([
      { field: "title", reason: "is required" },
      { field: "severity", reason: "is required when there is no cvss score" },
    ]);
    expect(problems[5]).toEqual([{ field: "last_seen", reason: "is before first seen" }]);
    expect(problems[6]).toEqual([{ field: "(row)", reason: "has 3 fields, the header has 16" }]);
    expect(JSON.parse(r.rejected[0]?.raw ?? "{}")).toEqual({ id: "1", title: "No asset", severity: "High" });
  });

  it("skips informational rows and reads semicolon-separated sheets with other header spellings", async () => {
    const text = [
      "Host Name;IP Address;Vulnerability;Risk;CVSS Score",
      "ws1;;Banner;Info;",
      "ws2;;Zero;;0.0",
      "ws3;10.1.1.1;Weak SMB;Medium;",
    ].join("\r\n");
    const r = await run(text);
    expect(r.skipped).toEqual({ "informational (severity Info / CVSS 0)": 2 });
    expect(r.records).toEqual([
      expect.objectContaining({ hostname: "ws3", ip: "10.1.1.1", title: "Weak SMB", severity: "Medium" }),
    ]);
  });

  it("refuses a header without the required columns", async () => {
    await expect(run("hostname,severity\nweb01,High\n")).rejects.toThrow("The CSV header lacks a title column");
    await expect(run("title,notes\nx,y\n")).rejects.toBeInstanceOf(ImportFileError);
  });

  it("is detected by its header", () => {
    expect(detectFindingFormat(`${header}\n`)).toBe("generic-csv");
    expect(detectFindingFormat("hostname,severity\n")).toBeNull();
  });
});
