import { describe, expect, it } from "vitest";
import { detectFindingFormat, ImportFileError, importNuclei, sourceFromString, summariseFindings } from "./index";

// No Nuclei output is in the shared data: these results follow the documented `-jsonl` /
// `-json-export` shape (ResultEvent: template-id, info{...,classification}, host, matched-at, ip, timestamp).
const sshCve = {
  template: "cves/2018/CVE-2018-15473.yaml",
  "template-id": "CVE-2018-15473",
  info: {
    name: "OpenSSH Username Enumeration <= v7.7",
    author: ["r3dg33k"],
    tags: ["network", "openssh", "cve"],
    description: "OpenSSH through 7.7 is prone to a user enumeration vulnerability.",
    severity: "medium",
    classification: {
      "cve-id": ["cve-2018-15473"],
      "cwe-id": ["cwe-362"],
      "cvss-metrics": "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
      "cvss-score": 5.3,
    },
  },
  type: "network",
  host: "https://shop.example.org",
  "matched-at": "shop.example.org:22",
  "extracted-results": ["SSH-2.0-OpenSSH_7.4p1 Debian-10+deb9u7"],
  ip: "203.0.113.7",
  timestamp: "2024-03-20T22:43:31.231312071-03:00",
  "matcher-status": true,
};
const defaultLogin = {
  "template-id": "dvwa-default-login",
  info: {
    name: "DVWA Default Login",
    severity: "critical",
    classification: { "cve-id": null, "cwe-id": ["cwe-798"] },
    remediation: "Change the default credentials.",
  },
  type: "http",
  port: "8080",
  scheme: "http",
  host: "dvwa.internal",
  "matched-at": "http://dvwa.internal:8080/login.php",
  "matcher-name": "admin-password",
  ip: "10.20.0.5",
  timestamp: "2026-01-12T13:46:54.716706997Z",
  "curl-command": "curl -X 'POST' 'http://dvwa.internal:8080/login.php'",
  "matcher-status": true,
};
const caaRecord = {
  "template-id": "caa-fingerprint",
  info: { name: "CAA Record", severity: "info" },
  type: "dns",
  host: "example.org",
};
const unrated = { "template-id": "custom-check", info: { name: "Custom", severity: "unknown" }, host: "example.org" };

const run = (text: string) => summariseFindings(importNuclei(sourceFromString(text)));

describe("Nuclei importer", () => {
  it("reads JSON lines: maps two matches, skips info and unknown by reason", async () => {
    const jsonl = [sshCve, defaultLogin, caaRecord, unrated].map((r) => JSON.stringify(r)).join("\n");
    const r = await run(jsonl);
    expect(r.rejected).toEqual([]);
    expect(r.skipped).toEqual({ "informational (Nuclei severity info)": 1, "unrated (Nuclei severity unknown)": 1 });
    expect(r.records[0]).toMatchObject({
      scanner: "nuclei",
      scannerFindingId: "CVE-2018-15473|shop.example.org:22",
      ip: "203.0.113.7",
      fqdn: "shop.example.org",
      target: "https://shop.example.org",
      port: 22,
      protocol: "tcp",
      service: "network",
      title: "OpenSSH Username Enumeration <= v7.7",
      severity: "Medium",
      cvssScore: 5.3,
      cvssVector: "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
      cveIds: ["CVE-2018-15473"],
      cweId: "CWE-362",
      firstSeen: "2024-03-21T01:43:31.231Z",
    });
    expect(r.records[0]?.evidence).toContain("extracted: SSH-2.0-OpenSSH_7.4p1");
    expect(r.records[1]).toMatchObject({
      scannerFindingId: "dvwa-default-login:admin-password|http://dvwa.internal:8080/login.php",
      ip: "10.20.0.5",
      fqdn: "dvwa.internal",
      port: 8080,
      service: "http",
      severity: "Critical",
      cveIds: [],
      cweId: "CWE-798",
      remediation: "Change the default credentials.",
      lastSeen: "2026-01-12T13:46:54.716Z",
    });
  });

  it("reads the -json-export array the same way, rows numbered by position", async () => {
    const r = await summariseFindings(importNuclei(sourceFromString(JSON.stringify([caaRecord, sshCve], null, 2))));
    expect(r.records.map((f) => f.scannerFindingId)).toEqual(["CVE-2018-15473|shop.example.org:22"]);
    const events = [];
    for await (const e of importNuclei(sourceFromString(JSON.stringify([caaRecord, sshCve])))) events.push(e);
    // The CAA record is informational: kept only by an import with includeInfo, else skipped.
    expect(events.map((e) => [e.kind, e.row])).toEqual([
      ["informational", 1],
      ["record", 2],
    ]);
  });

  it("rejects a bad line, an unknown severity and a non-Nuclei object, naming the field", async () => {
    const lines = [
      JSON.stringify(sshCve),
      '{"template-id": "x", "info": {',
      JSON.stringify({ ...sshCve, info: { ...sshCve.info, severity: "severe" } }),
      JSON.stringify({ hello: "world" }),
      JSON.stringify({ ...defaultLogin, host: undefined, ip: undefined, "matched-at": undefined }),
    ];
    const r = await run(lines.join("\n"));
    expect(r.records).toHaveLength(1);
    expect(r.rejected.map((x) => [x.row, x.problems[0]?.field])).toEqual([
      [2, "(record)"],
      [3, "info.severity"],
      [4, "template-id"],
      [5, "target"],
    ]);
    expect(r.rejected[1]?.problems[0]?.reason).toContain('"severe" is not a Nuclei severity');
  });

  it("keeps the finding id under the contract's limit for a very long matched URL", async () => {
    const long = { ...defaultLogin, "matched-at": `http://dvwa.internal:8080/${"a".repeat(400)}` };
    const r = await run(JSON.stringify(long));
    const id = r.records[0]?.scannerFindingId ?? "";
    expect(id.length).toBeLessThanOrEqual(300);
    expect(id).toMatch(/^dvwa-default-login:admin-password\|sha256:[0-9a-f]{32}$/);
  });

  it("raises ImportFileError for a JSON array that does not parse", async () => {
    await expect(run(`[${JSON.stringify(sshCve)},`)).rejects.toBeInstanceOf(ImportFileError);
  });

  it("is detected from JSON lines and from an export array", () => {
    expect(detectFindingFormat(JSON.stringify(sshCve))).toBe("nuclei");
    expect(detectFindingFormat(JSON.stringify([sshCve], null, 2).slice(0, 200))).toBe("nuclei");
  });
});
