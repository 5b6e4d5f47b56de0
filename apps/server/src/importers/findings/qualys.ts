import { findingEvidenceMax, type FindingInput, type FindingSeverity } from "@watchfloor/shared";
import { htmlToText, isoInstant } from "./fields";
import type { FindingImporter, ImportSource } from "./types";
import { child, childText, readXml, toPlain, type XmlElement } from "./xml";
import { clip, cveIds, dedent, splitAddress, toEvent, toInformational, toNumber } from "./values";

/**
 * Qualys levels 1-5 (Minimal, Medium, Serious, Critical, Urgent) on the four-level scale. Level 1
 * is still a confirmed weakness (the detection TYPE, not the level, marks information gathered),
 * so it is Low rather than skipped; 4 and 5 stay apart as High and Critical.
 */
const severities: Record<string, FindingSeverity> = { "1": "Low", "2": "Low", "3": "Medium", "4": "High", "5": "Critical" };

const roots = ["HOST_LIST_VM_DETECTION_OUTPUT", "ASSET_DATA_REPORT"];
const formatName = "Qualys";

/** Knowledge-base facts about one QID (the ASSET_DATA_REPORT glossary). */
export interface QualysKb {
  title?: string;
  severity?: string;
  cves: string[];
  cvssScore?: number;
  cvssVector?: string;
  description?: string;
  solution?: string;
}

/** "7.4 (AV:N/AC:H/...)", "4.3" or "-" to a score and the vector Qualys wrote beside it. */
export function parseCvss(value: string | undefined): { score?: number; vector?: string } {
  const m = value?.trim().match(/^(\d+(?:\.\d+)?)\s*(?:\(([^)]+)\))?/);
  return m ? { score: Number(m[1]), vector: m[2]?.trim() } : {};
}

function kbEntry(details: XmlElement): [string, QualysKb] {
  const qid = childText(details, "QID") ?? details.attrs.id?.replace(/^qid_/, "") ?? "";
  const cves = (child(details, "CVE_ID_LIST")?.children ?? []).map((c) => childText(c, "ID") ?? c.text);
  const v3 = parseCvss(childText(details, "CVSS3_SCORE/CVSS3_BASE"));
  const v2 = parseCvss(childText(details, "CVSS_SCORE/CVSS_BASE"));
  const cvss = v3.score !== undefined ? v3 : v2;
  const description = [childText(details, "THREAT"), childText(details, "IMPACT")].map(htmlToText).filter(Boolean).join("\n\n");
  return [
    qid,
    {
      title: childText(details, "TITLE"),
      severity: childText(details, "SEVERITY"),
      cves: cveIds(cves),
      cvssScore: cvss.score,
      cvssVector: cvss.vector,
      description: description || undefined,
      solution: htmlToText(childText(details, "SOLUTION")),
    },
  ];
}

/**
 * First pass: the glossary. An ASSET_DATA_REPORT lists every host's detections first and the
 * knowledge base (titles, CVEs, CVSS, solutions) after them, so it is read before the hosts. The
 * detection API output carries no glossary: the pass stops at its root element.
 */
async function readGlossary(source: ImportSource): Promise<Map<string, QualysKb>> {
  const kb = new Map<string, QualysKb>();
  const events = readXml(source, {
    roots,
    formatName,
    opens: ["HOST_LIST_VM_DETECTION_OUTPUT"],
    capture: (name, parent) => name === "VULN_DETAILS" && parent === "VULN_DETAILS_LIST",
  });
  for await (const event of events) {
    if (event.kind === "open") break;
    kb.set(...kbEntry(event.element));
  }
  return kb;
}

type Host = Map<string, XmlElement>;
const hostText = (host: Host, name: string) => host.get(name)?.text.trim() || undefined;

export function mapQualysDetection(host: Host, d: XmlElement, kb: QualysKb | undefined, level: FindingSeverity): FindingInput {
  const qid = childText(d, "QID") ?? "";
  const dnsData = host.get("DNS_DATA");
  const dns = hostText(host, "DNS");
  const address = splitAddress(hostText(host, "IP") ?? hostText(host, "IPV6"));
  const port = toNumber(childText(d, "PORT"));
  return {
    scanner: "qualys",
    scannerFindingId: qid,
    ...address,
    hostname: hostText(host, "NETBIOS") ?? childText(dnsData, "HOSTNAME") ?? (dns && !dns.includes(".") ? dns : undefined),
    fqdn: childText(dnsData, "FQDN") ?? (dns?.includes(".") ? dns : undefined),
    port,
    protocol: childText(d, "PROTOCOL"),
    service: childText(d, "SERVICE"),
    // The detection API has no titles: those live in the knowledge base, fetched separately.
    title: kb?.title ?? `Qualys QID ${qid}`,
    description: clip(kb?.description, 10000),
    severity: level,
    cvssScore: kb?.cvssScore,
    cvssVector: kb?.cvssVector,
    cveIds: kb?.cves ?? [],
    remediation: clip(kb?.solution, 5000),
    evidence: clip(dedent(childText(d, "RESULTS") ?? childText(d, "RESULT")), findingEvidenceMax),
    firstSeen: isoInstant(childText(d, "FIRST_FOUND_DATETIME") ?? childText(d, "FIRST_FOUND")),
    lastSeen: isoInstant(childText(d, "LAST_FOUND_DATETIME") ?? childText(d, "LAST_FOUND")),
    raw: { host: Object.fromEntries([...host].map(([k, v]) => [k, toPlain(v)])), detection: toPlain(d) },
  };
}

/** Host children that describe the asset (everything but the detection lists). */
const hostDetail = (name: string, parent: string | undefined) =>
  parent === "HOST" && name !== "DETECTION_LIST" && name !== "VULN_INFO_LIST";

/**
 * Qualys VM XML: the Host List Detection API output (HOST_LIST_VM_DETECTION_OUTPUT, detections
 * with QID, TYPE, SEVERITY, PORT, STATUS, RESULTS) and the scan / host-based report
 * (ASSET_DATA_REPORT, VULN_INFO rated by its GLOSSARY). Information-gathered detections and fixed
 * ones are skipped. Both passes stream: only one host's details and one detection are held.
 */
export const importQualys: FindingImporter = async function* (source: ImportSource) {
  const kb = await readGlossary(source);
  let host: Host = new Map();
  const events = readXml(source, {
    roots,
    formatName,
    opens: ["HOST"],
    capture: (name, parent) =>
      hostDetail(name, parent) ||
      (name === "DETECTION" && parent === "DETECTION_LIST") ||
      (name === "VULN_INFO" && parent === "VULN_INFO_LIST"),
  });
  for await (const event of events) {
    if (event.kind === "open") {
      host = new Map();
      continue;
    }
    const element = event.element;
    if (element.name !== "DETECTION" && element.name !== "VULN_INFO") {
      host.set(element.name, element);
      continue;
    }
    const qid = childText(element, "QID") ?? "";
    const entry = kb.get(qid);
    const type = childText(element, "TYPE") ?? "";
    const status = childText(element, "STATUS") ?? childText(element, "VULN_STATUS") ?? "";
    const rawLevel = childText(element, "SEVERITY") ?? entry?.severity;
    const level = severities[rawLevel ?? ""];
    if (/^(info|ig)$/i.test(type)) {
      const reason = "informational (Qualys information gathered)";
      yield toInformational(element.line, reason, mapQualysDetection(host, element, entry, level ?? "Low"));
    } else if (/^fixed$/i.test(status)) {
      yield { kind: "skipped", row: element.line, reason: "fixed (Qualys status Fixed)" };
    } else if (!level) {
      const reason = rawLevel
        ? `"${rawLevel}" is not a Qualys severity level (1-5)`
        : `is missing, and QID ${qid || "(none)"} has no knowledge-base entry in the file`;
      yield {
        kind: "rejected",
        row: element.line,
        problems: [{ field: "SEVERITY", reason }],
        raw: JSON.stringify(toPlain(element)),
      };
    } else {
      yield toEvent(element.line, mapQualysDetection(host, element, entry, level));
    }
  }
};
