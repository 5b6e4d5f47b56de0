import { findingEvidenceMax, type FindingInput, type FindingSeverity } from "@watchfloor/shared";
import type { FindingImporter, ImportSource } from "./types";
import { childText, childTexts, readXml, toPlain, type XmlElement } from "./xml";
import { clip, cveIds, cweId, dedent, splitAddress, tidy, toEvent, toInformational, toNumber } from "./values";

/** Nessus risk levels 1-4; 0 ("None", informational) is skipped before this is consulted. */
const severities: Record<string, FindingSeverity> = { "1": "Low", "2": "Medium", "3": "High", "4": "Critical" };

/** Host properties that identify the asset and date the scan of it. */
interface NessusHost {
  name: string;
  props: Map<string, string>;
}

function epochIso(value: string | undefined): string | undefined {
  const n = toNumber(value);
  return n !== undefined && n > 0 ? new Date(n * 1000).toISOString() : undefined;
}

/** The most recent CVSS version the plugin carries: v4, then v3, then v2 (vectors kept as given). */
function cvss(item: XmlElement): { score?: number; vector?: string } {
  for (const [score, vector] of [
    ["cvss4_base_score", "cvss4_vector"],
    ["cvss3_base_score", "cvss3_vector"],
    ["cvss_base_score", "cvss_vector"],
  ] as const) {
    const s = toNumber(childText(item, score));
    if (s !== undefined) return { score: s, vector: childText(item, vector) };
  }
  return {};
}

export function mapNessusItem(host: NessusHost, item: XmlElement): FindingInput {
  const a = item.attrs;
  const hostIp = host.props.get("host-ip");
  const address = splitAddress(hostIp ?? host.name);
  const port = toNumber(a.port);
  const { score, vector } = cvss(item);
  const solution = childText(item, "solution");
  // Nessus stamps each host, not each plugin: the host's scan window is when the finding was seen.
  const started = epochIso(host.props.get("HOST_START_TIMESTAMP"));
  const ended = epochIso(host.props.get("HOST_END_TIMESTAMP")) ?? started;
  return {
    scanner: "nessus",
    scannerFindingId: a.pluginID ?? "",
    hostname: host.props.get("netbios-name") ?? host.props.get("hostname"),
    ip: address.ip,
    fqdn: host.props.get("host-fqdn"),
    // ReportHost@name is what the scan was pointed at (a name, address or URL host).
    target: host.name || address.target,
    // Port 0 is Nessus's "whole host" pseudo-port, not a port.
    port: port ? port : undefined,
    protocol: a.protocol || undefined,
    service: a.svc_name || undefined,
    title: a.pluginName || childText(item, "plugin_name") || "",
    description: clip(tidy(childText(item, "description") ?? childText(item, "synopsis")), 10000),
    severity: severities[a.severity ?? ""] ?? "Low",
    cvssScore: score,
    cvssVector: vector,
    cveIds: cveIds(childTexts(item, "cve")),
    cweId: cweId(childTexts(item, "cwe")[0]),
    remediation: solution && solution.toLowerCase() !== "n/a" ? clip(tidy(solution), 5000) : undefined,
    evidence: clip(dedent(childText(item, "plugin_output")), findingEvidenceMax),
    firstSeen: started ?? ended,
    lastSeen: ended,
    raw: { host: host.name, item: toPlain(item) },
  };
}

/**
 * Nessus v2 (.nessus) reports: NessusClientData_v2/Report/ReportHost/ReportItem. HostProperties
 * precede the items of their host in every file Nessus writes, so items map as they stream past.
 */
export const importNessus: FindingImporter = async function* (source: ImportSource) {
  let host: NessusHost = { name: "", props: new Map() };
  const events = readXml(source, {
    roots: ["NessusClientData_v2"],
    formatName: "Nessus v2",
    opens: ["ReportHost"],
    capture: (name, parent) =>
      (name === "HostProperties" && parent === "ReportHost") || (name === "ReportItem" && parent === "ReportHost"),
  });
  for await (const event of events) {
    if (event.kind === "open") {
      host = { name: event.attrs.name ?? "", props: new Map() };
      continue;
    }
    const element = event.element;
    if (element.name === "HostProperties") {
      for (const tag of element.children) if (tag.attrs.name) host.props.set(tag.attrs.name, tag.text.trim());
      continue;
    }
    if (element.attrs.severity === "0") {
      yield toInformational(element.line, "informational (Nessus severity 0)", mapNessusItem(host, element));
      continue;
    }
    yield toEvent(element.line, mapNessusItem(host, element));
  }
};
