import type { AlertComplianceTag, Priority } from "@watchfloor/shared";
import { tacticNames, techniqueIds } from "./attack-fields";
import type { RowReport } from "./emit";
import { jsonImporter, type Mapped } from "./json-importer";
import { asList, asNumber, firstText, INVALID, isoWithOffset, pluck, stripPort } from "./values";

/**
 * Wazuh rule levels (0-15) to priorities. Wazuh's rule classification puts "low relevance attack"
 * at 6, "first time seen" at 8, "multiple user generated errors" (brute force) at 10,
 * "high importance security event" at 12+ and "severe attack" at 15.
 */
export function wazuhPriority(level: number): Priority {
  if (level >= 13) return "Critical";
  if (level >= 10) return "High";
  if (level >= 7) return "Medium";
  return "Low";
}

/**
 * Wazuh alerts.json lines, 3.x (no `rule.mitre`) and 4.x (`rule.mitre.id/tactic/technique`).
 * Windows agents' events (4.x eventchannel decoder) carry their fields under `data.win`:
 * `system.computer`, `eventdata.targetUserName`/`subjectUserName`, `eventdata.ipAddress`,
 * `system.message`; they are read where the Linux decoders' fields are absent.
 */
export function mapWazuh(alert: Record<string, unknown>, report: RowReport): Mapped {
  const level = asNumber(pluck(alert, "rule.level")[0]);
  if (level === undefined || level === INVALID || level < 0 || level > 16) {
    report.reject("rule.level", "is missing or not a Wazuh level 0-15, so the alert has no priority");
  }
  const timestamp = pluck(alert, "timestamp")[0];
  const decoder = firstText(alert, "decoder.name");
  return {
    source: "wazuh",
    sourceId: firstText(alert, "id") ?? "",
    name: firstText(alert, "rule.description") ?? "",
    rule: firstText(alert, "rule.id"),
    priority: typeof level === "number" ? wazuhPriority(level) : "Low",
    status: "Open",
    detectedAt: report.date(isoWithOffset(timestamp), "detectedAt", timestamp),
    hostname: firstText(alert, "agent.name", "data.win.system.computer"),
    // The json decoder forwards Suricata EVE fields as data.src_ip/data.dest_ip.
    srcIp: stripPort(firstValue(alert, "data.srcip", "data.src_ip", "data.win.eventdata.ipAddress")),
    dstIp: stripPort(firstText(alert, "data.dstip", "data.dest_ip")),
    username: firstValue(
      alert,
      "data.dstuser",
      "data.srcuser",
      "data.win.eventdata.targetUserName",
      "data.win.eventdata.subjectUserName",
    ),
    detectionSource: "Wazuh",
    sourceTool: decoder,
    sourceTools: decoder ? [decoder] : [],
    services: asList(pluck(alert, "rule.groups")),
    mitreTechniques: techniqueIds(report, pluck(alert, "rule.mitre.id")),
    tactics: tacticNames(report, pluck(alert, "rule.mitre.tactic")),
    compliance: complianceTags(alert),
    description: firstText(alert, "full_log", "data.win.system.message"),
  };
}

/**
 * Wazuh rule tags to the frameworks compliance scores (docs/compliance.md, "Alert activity"). The
 * requirement id is kept as Wazuh wrote it, but NIST control ids take the catalogue's hyphen
 * ("AU.14" -> "AU-14"). `gpg13` names no scored framework and is left out.
 */
const wazuhComplianceFields = [
  ["rule.pci_dss", "pci-dss-4.0"],
  ["rule.gdpr", "gdpr"],
  ["rule.hipaa", "hipaa"],
  ["rule.nist_800_53", "nist-800-53-r5"],
  ["rule.tsc", "soc2"],
] as const;

function complianceTags(alert: Record<string, unknown>): AlertComplianceTag[] {
  const tags: AlertComplianceTag[] = [];
  for (const [path, framework] of wazuhComplianceFields) {
    for (const value of asList(pluck(alert, path))) {
      const requirement = framework === "nist-800-53-r5" ? value.replace(/^([A-Z]{2})\./, "$1-") : value;
      if (requirement && requirement.length <= 60) tags.push({ framework, requirement });
    }
  }
  return tags.slice(0, 50);
}

/** The first value at the paths that is not Windows' "-" (no such value: a local logon's address, no account). */
function firstValue(alert: Record<string, unknown>, ...paths: string[]): string | undefined {
  for (const path of paths) {
    const value = firstText(alert, path);
    if (value !== undefined && value !== "-") return value;
  }
  return undefined;
}

export const importWazuh = jsonImporter(mapWazuh);
