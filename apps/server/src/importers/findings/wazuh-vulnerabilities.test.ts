import { describe, expect, it } from "vitest";
import { detectFindingFormat, ImportFileError, importWazuhVulnerabilities, sourceFromString, summariseFindings } from "./index";

// No Wazuh vulnerability state export is in the shared data: these documents follow the
// documented wazuh-states-vulnerabilities-* index template (Wazuh 4.8+).
const state = (
  agent: string,
  cve: string,
  severity: string,
  score: number | undefined,
  pkg = "openssl",
  version = "3.0.2-0ubuntu1.10",
) => ({
  agent: { id: agent, name: `host-${agent}`, type: "Wazuh", version: "v4.9.0" },
  host: { os: { full: "Ubuntu 22.04.4 LTS (Jammy Jellyfish)", name: "Ubuntu", platform: "ubuntu", version: "22.04.4" } },
  package: { architecture: "amd64", name: pkg, type: "deb", version },
  vulnerability: {
    category: "Packages",
    classification: "CVSS",
    description: "Issue summary: Processing a maliciously formatted PKCS12 file may lead OpenSSL to crash.",
    detected_at: "2024-06-30T17:07:15.204Z",
    enumeration: "CVE",
    id: cve,
    published_at: "2024-01-26T09:15:07Z",
    reference: `https://ubuntu.com/security/${cve}, https://www.cve.org/CVERecord?id=${cve}`,
    scanner: { condition: "Package less than 3.0.2-0ubuntu1.14", source: "Canonical Security Tracker", vendor: "Wazuh" },
    ...(score === undefined ? {} : { score: { base: score, version: "3.1" } }),
    severity,
    under_evaluation: false,
  },
  wazuh: { cluster: { name: "wazuh-server" }, schema: { version: "1.0.0" } },
});

const hit = (source: unknown, i: number) => ({
  _index: "wazuh-states-vulnerabilities-wazuh-server",
  _id: `00${i}_hash_CVE`,
  _score: 1,
  _source: source,
});

const docs = [
  state("001", "CVE-2024-0727", "Medium", 5.5),
  state("002", "CVE-2023-5678", "-", 7.5),
  state("003", "CVE-2023-6129", "-", undefined, "libssl3", "3.0.2"),
];

const run = (text: string) => summariseFindings(importWazuhVulnerabilities(sourceFromString(text)));

describe("Wazuh vulnerability state importer", () => {
  it("maps an OpenSearch search response, hit by hit", async () => {
    const response = { took: 8, timed_out: false, hits: { total: { value: 3, relation: "eq" }, hits: docs.map(hit) } };
    const r = await run(JSON.stringify(response, null, 2));
    expect([r.records.length, r.rejected.length, r.skipped]).toEqual([3, 0, {}]);
    expect(r.records[0]).toMatchObject({
      scanner: "wazuh",
      scannerFindingId: "CVE-2024-0727|openssl|3.0.2-0ubuntu1.10",
      hostname: "host-001",
      target: "wazuh-agent:001",
      title: "CVE-2024-0727 in openssl 3.0.2-0ubuntu1.10",
      severity: "Medium",
      cvssScore: 5.5,
      cveIds: ["CVE-2024-0727"],
      firstSeen: "2024-06-30T17:07:15.204Z",
    });
    expect(r.records[0]?.evidence).toContain("Package less than 3.0.2-0ubuntu1.14");
    // "-" is no rating: the score's band, else Low.
    expect(r.records.map((f) => f.severity)).toEqual(["Medium", "High", "Low"]);
  });

  it("reads a JSON array of documents and JSON lines of hits the same way", async () => {
    const array = await run(JSON.stringify(docs));
    const lines = await run(docs.map((d, i) => JSON.stringify(hit(d, i))).join("\n"));
    expect(array.records).toEqual(lines.records);
    expect(array.records).toHaveLength(3);
  });

  it("rejects a document that is not a vulnerability state and a bad line, naming the field", async () => {
    const text = [JSON.stringify(docs[0]), "{not json", JSON.stringify({ agent: { id: "004" }, rule: { level: 3 } })].join("\n");
    const r = await run(text);
    expect(r.records).toHaveLength(1);
    expect(r.rejected.map((x) => [x.row, x.problems[0]?.field])).toEqual([
      [2, "(record)"],
      [3, "vulnerability.id"],
    ]);
  });

  it("raises ImportFileError for a response that does not parse", async () => {
    await expect(run('{"hits": {"hits": [')).rejects.toBeInstanceOf(ImportFileError);
  });

  it("is detected by the index name or the document's keys", () => {
    expect(detectFindingFormat(JSON.stringify({ hits: { hits: docs.map(hit) } }, null, 2).slice(0, 400))).toBe(
      "wazuh-vulnerabilities",
    );
    expect(detectFindingFormat(JSON.stringify(docs[0]))).toBe("wazuh-vulnerabilities");
  });
});
