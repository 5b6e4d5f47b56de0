import { describe, expect, it } from "vitest";
import { detectFindingFormat, ImportFileError, importOpenvasCsv, sourceFromString, summariseFindings } from "./index";

// No GVM CSV export is in the shared data (only the XML report): these rows follow GVM's
// "CSV Results" report format, multi-line quoted cells included.
const header =
  "IP,Hostname,Port,Port Protocol,CVSS,Severity,QoD,Solution Type,NVT Name,Summary,Specific Result,NVT OID,CVEs,Task ID,Task Name,Timestamp,Result ID,Impact,Solution,Affected Software/OS,Vulnerability Insight,Vulnerability Detection Method,Product Detection Result,BIDs,CERTs,Other References";

const row = (cells: Partial<Record<string, string>>) => {
  const columns = header.split(",");
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return columns.map((c) => quote(cells[c] ?? "")).join(",");
};

const trace = row({
  IP: "      10.63.152.16",
  Hostname: "app01.example.internal",
  Port: "8443",
  "Port Protocol": "tcp",
  CVSS: "5.8",
  Severity: "Medium",
  QoD: "99",
  "Solution Type": "Mitigation",
  "NVT Name": "HTTP Debugging Methods (TRACE/TRACK) Enabled",
  Summary: "The remote web server supports the TRACE and/or TRACK\n  methods.",
  "Specific Result": "The web server has the following HTTP methods enabled: TRACE\n",
  "NVT OID": "1.3.6.1.4.1.25623.1.0.11213",
  CVEs: "CVE-2003-1567,CVE-2004-2320,CVE-2004-2763",
  "Task Name": "Weekly internal",
  Timestamp: "2025-04-13T02:02:37+02:00",
  Impact: "An attacker may use this flaw to trick your legitimate web\n  users to give him their credentials.",
  Solution: "Disable the TRACE and TRACK methods in your web server\n  configuration.",
  "Vulnerability Insight": 'Dubbed "XST" for Cross-Site-Tracing.',
});
const general = row({
  IP: "10.63.152.21",
  Hostname: "dc01.example.internal",
  "Port Protocol": "tcp",
  CVSS: "10.0",
  Severity: "High",
  "NVT Name": "Operating System (OS) End of Life (EOL) Detection",
  "NVT OID": "1.3.6.1.4.1.25623.1.0.103674",
  Timestamp: "2025-04-13T05:08:49+02:00",
});
const log = row({
  IP: "10.63.152.21",
  Port: "135",
  "Port Protocol": "tcp",
  CVSS: "0.0",
  Severity: "Log",
  "NVT Name": "DCE/RPC",
  "NVT OID": "1.3.6.1.4.1.25623.1.0.10736",
});
const noScore = row({
  IP: "10.63.152.22",
  Port: "22",
  CVSS: "n/a",
  Severity: "Medium",
  "NVT Name": "SSH",
  "NVT OID": "1.3.6.1.4.1.25623.1.0.1",
});

const run = (text: string) => summariseFindings(importOpenvasCsv(sourceFromString(text)));

describe("OpenVAS / GVM CSV importer", () => {
  it("maps results, skips Log, rejects a bad score and a short row with the field", async () => {
    const text = [header, trace, general, log, noScore, "10.0.0.1,host,80"].join("\n");
    const r = await run(`${text}\n`);
    expect(r.skipped).toEqual({ "informational (GVM Log, severity 0)": 1 });
    expect(r.rejected.map((x) => [x.row, x.problems[0]?.field])).toEqual([
      // The first result spans lines 2-6 (quoted line breaks): rows are numbered by their first line.
      [9, "CVSS"],
      [10, "(row)"],
    ]);
    expect(r.rejected[0]?.problems[0]?.reason).toBe('"n/a" is not a score from 0 to 10');
    expect(r.records).toHaveLength(2);
    expect(r.records[0]).toMatchObject({
      scanner: "openvas",
      scannerFindingId: "1.3.6.1.4.1.25623.1.0.11213",
      ip: "10.63.152.16",
      hostname: "app01.example.internal",
      port: 8443,
      protocol: "tcp",
      title: "HTTP Debugging Methods (TRACE/TRACK) Enabled",
      severity: "Medium",
      cvssScore: 5.8,
      cveIds: ["CVE-2003-1567", "CVE-2004-2320", "CVE-2004-2763"],
      evidence: "The web server has the following HTTP methods enabled: TRACE",
      remediation: "Disable the TRACE and TRACK methods in your web server\nconfiguration.",
      firstSeen: "2025-04-13T00:02:37.000Z",
    });
    expect(r.records[0]?.description).toContain('Dubbed "XST" for Cross-Site-Tracing.');
    // An empty port is GVM's host-wide "general" result; 10.0 is Critical by score.
    expect(r.records[1]).toMatchObject({ service: "general", protocol: "tcp", severity: "Critical" });
    expect(r.records[1]?.port).toBeUndefined();
  });

  it("refuses a CSV that is not a GVM export and one whose quote never closes", async () => {
    await expect(run("host,title,severity\na,b,High\n")).rejects.toThrow(/no "IP" column/);
    await expect(run(`${header}\n10.0.0.1,"unterminated`)).rejects.toBeInstanceOf(ImportFileError);
    await expect(run("")).rejects.toThrow(/no header row/);
  });

  it("is detected by its header", () => {
    expect(detectFindingFormat(`${header}\n${trace}`)).toBe("openvas-csv");
  });
});
