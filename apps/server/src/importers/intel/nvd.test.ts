import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { detectIntelFormat, ImportFileError, importNvd, sourceFromFile, sourceFromString, summariseIntel } from "./index";

const dataDir = fileURLToPath(new URL("../../../../../../shared/data/vulnintel/", import.meta.url));
const page = `${dataDir}nvd_cve_api2_page_38cves.json`;

describe("NVD CVE API 2.0 page (shared sample)", () => {
  it("reads the page header and all 38 CVEs", async () => {
    const r = await summariseIntel(importNvd(sourceFromFile(page)));
    expect(r.meta).toEqual({ resultsPerPage: 38, startIndex: 0, totalResults: 38, timestamp: "2023-10-18T18:04:18.493Z" });
    expect([r.records.length, r.rejected.length]).toEqual([38, 0]);
    // 3 CVEs still awaiting analysis carry no rating yet; this 2023 page has no CVSS v4 or KEV fields.
    expect(r.records.filter((c) => !c.cvssV3)).toHaveLength(3);
    expect(r.records.filter((c) => c.cvssV4 || c.kev)).toHaveLength(0);
    expect(detectIntelFormat(readFileSync(page, "utf8").slice(0, 1024))).toBe("nvd-json");
  });

  it("prefers NVD's own rating and CWE over the CNA's, skipping NVD-CWE-noinfo", async () => {
    const r = await summariseIntel(importNvd(sourceFromFile(page)));
    expect(r.records[0]).toEqual({
      cveId: "CVE-2023-27314",
      published: "2023-10-12T19:15:11.747Z",
      lastModified: "2023-10-18T18:00:24.900Z",
      vulnStatus: "Analyzed",
      description: expect.stringMatching(/^ONTAP 9 versions prior to 9\.8P19/),
      cvssV3: {
        version: "3.1",
        vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H",
        baseScore: 7.5,
        baseSeverity: "HIGH",
        source: "nvd@nist.gov",
      },
      cweIds: ["CWE-400"],
    });
    const ibm = r.records.find((c) => c.cveId === "CVE-2021-20581");
    expect(ibm?.cvssV3).toMatchObject({ baseScore: 4.3, source: "nvd@nist.gov" });
    // Awaiting analysis: only the CNA's rating exists, and it is used.
    expect(r.records.find((c) => c.cveId === "CVE-2023-5642")?.cvssV3).toMatchObject({
      baseScore: 9.8,
      baseSeverity: "CRITICAL",
    });
  });
});

// The shared page predates CVSS v4 and has no KEV entry: this CVE follows the documented
// API 2.0 fields (metrics.cvssMetricV40, cisaExploitAdd / cisaActionDue / cisaRequiredAction).
const v4AndKev = {
  resultsPerPage: 1,
  startIndex: 0,
  totalResults: 1,
  format: "NVD_CVE",
  version: "2.0",
  timestamp: "2024-05-01T12:00:00.000",
  vulnerabilities: [
    {
      cve: {
        id: "CVE-2024-3400",
        sourceIdentifier: "psirt@paloaltonetworks.com",
        published: "2024-04-12T08:15:06.230",
        lastModified: "2024-04-26T02:00:01.683",
        vulnStatus: "Analyzed",
        cisaExploitAdd: "2024-04-12",
        cisaActionDue: "2024-04-19",
        cisaRequiredAction: "Apply mitigations per vendor instructions or discontinue use of the product.",
        cisaVulnerabilityName: "Palo Alto Networks PAN-OS Command Injection Vulnerability",
        descriptions: [
          { lang: "es", value: "Una vulnerabilidad..." },
          { lang: "en", value: "A command injection as a result of arbitrary file creation vulnerability in GlobalProtect." },
        ],
        metrics: {
          cvssMetricV40: [
            {
              source: "psirt@paloaltonetworks.com",
              type: "Secondary",
              cvssData: {
                version: "4.0",
                vectorString: "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H",
                baseScore: 10,
                baseSeverity: "CRITICAL",
              },
            },
          ],
          cvssMetricV31: [
            {
              source: "nvd@nist.gov",
              type: "Primary",
              cvssData: { version: "3.1", vectorString: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", baseScore: 10 },
              baseSeverity: "CRITICAL",
            },
          ],
        },
        weaknesses: [{ source: "psirt@paloaltonetworks.com", type: "Secondary", description: [{ lang: "en", value: "CWE-77" }] }],
      },
    },
    { cve: { id: "CVE-2024-0001", published: "yesterday", lastModified: "2024-04-26T02:00:01.683" } },
    { notACve: true },
  ],
};

describe("NVD CVE API 2.0: CVSS v4 and KEV fields", () => {
  it("maps v4 beside v3.1 and the CISA KEV fields; rejects bad entries naming the field", async () => {
    const r = await summariseIntel(importNvd(sourceFromString(JSON.stringify(v4AndKev))));
    expect(r.records).toEqual([
      {
        cveId: "CVE-2024-3400",
        published: "2024-04-12T08:15:06.230Z",
        lastModified: "2024-04-26T02:00:01.683Z",
        vulnStatus: "Analyzed",
        description: "A command injection as a result of arbitrary file creation vulnerability in GlobalProtect.",
        cvssV3: {
          version: "3.1",
          vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
          baseScore: 10,
          baseSeverity: "CRITICAL",
          source: "nvd@nist.gov",
        },
        cvssV4: {
          version: "4.0",
          vector: "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H",
          baseScore: 10,
          baseSeverity: "CRITICAL",
          source: "psirt@paloaltonetworks.com",
        },
        cweIds: ["CWE-77"],
        kev: {
          dateAdded: "2024-04-12",
          dueDate: "2024-04-19",
          requiredAction: "Apply mitigations per vendor instructions or discontinue use of the product.",
          name: "Palo Alto Networks PAN-OS Command Injection Vulnerability",
        },
      },
    ]);
    expect(r.rejected.map((x) => [x.row, x.problems[0]?.field])).toEqual([
      [2, "published"],
      [3, "cve"],
    ]);
  });

  it("refuses a document that is not an NVD CVE response", async () => {
    await expect(summariseIntel(importNvd(sourceFromString('{"format": "NVD_CPE", "products": []}')))).rejects.toBeInstanceOf(
      ImportFileError,
    );
    await expect(summariseIntel(importNvd(sourceFromString('{"format": "NVD_CVE", "vulnerabilities": [}')))).rejects.toThrow(
      /not valid JSON at line 1/,
    );
  });
});
