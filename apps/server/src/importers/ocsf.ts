import type { IncidentStatus, Priority } from "@watchfloor/shared";
import { tacticNames, techniqueIds } from "./attack-fields";
import type { RowReport } from "./emit";
import { jsonImporter, type Mapped } from "./json-importer";
import { asList, asNumber, firstText, isoFromEpoch, isoWithOffset, pluck, unique } from "./values";

/** OCSF severity_id: 1 Informational and 2 Low -> Low, 3 Medium, 4 High, 5 Critical and 6 Fatal -> Critical. */
const severities: Record<number, Priority> = { 1: "Low", 2: "Low", 3: "Medium", 4: "High", 5: "Critical", 6: "Critical" };
/** OCSF status_id 1 New, 2 In Progress, 3 Suppressed, 4 Resolved (by id, else by name). */
const statuses: Record<string, IncidentStatus> = {
  "1": "Open",
  new: "Open",
  "2": "In Progress",
  "in progress": "In Progress",
  "3": "Closed",
  suppressed: "Closed",
  "4": "Resolved",
  resolved: "Resolved",
};

/**
 * OCSF Detection Finding (class_uid 2004) and the older Security Finding (2001). Other classes
 * are skipped. sourceId = finding_info.uid (2001: finding.uid), else metadata.uid.
 */
export function mapOcsf(finding: Record<string, unknown>, report: RowReport): Mapped {
  const classUid = asNumber(finding.class_uid);
  if (classUid !== 2004 && classUid !== 2001)
    return { skip: `class_uid ${String(finding.class_uid ?? "(missing)")} is not a finding` };
  const severityId = asNumber(finding.severity_id);
  const priority = typeof severityId === "number" ? severities[severityId] : undefined;
  if (!priority)
    report.reject(
      "severity_id",
      `${String(finding.severity_id ?? "(missing)")} is not an OCSF severity 1-6, so there is no priority`,
    );
  const statusKey = (firstText(finding, "status_id") ?? firstText(finding, "status") ?? "1").toLowerCase();
  const status = statuses[statusKey];
  if (!status)
    report.finding("out_of_enumeration", "status", statusKey, `OCSF status ${statusKey} has no Watchfloor status; left Open`);
  const created = firstText(finding, "finding_info.created_time_dt", "finding.created_time_dt", "time_dt");
  const firstSeen = firstText(finding, "finding_info.first_seen_time_dt", "finding.first_seen_time_dt");
  const modified = firstText(finding, "finding_info.modified_time_dt", "finding.modified_time_dt");
  const ips = (path: string) => firstText(finding, `evidences.${path}`, path);
  return {
    source: "ocsf",
    sourceId: firstText(finding, "finding_info.uid", "finding.uid", "metadata.uid") ?? "",
    name: firstText(finding, "finding_info.title", "finding.title", "message") ?? "",
    rule: firstText(finding, "finding_info.analytic.uid", "finding_info.analytic.name"),
    type: firstText(finding, "finding_info.types", "finding.types"),
    priority: priority ?? "Low",
    status: status ?? "Open",
    detectedAt: created
      ? report.date(isoWithOffset(created), "detectedAt", created)
      : report.date(isoFromEpoch(finding.time, "ms"), "detectedAt", finding.time),
    occurredAt: report.date(isoWithOffset(firstSeen), "occurredAt", firstSeen),
    modifiedAt: report.date(isoWithOffset(modified), "modifiedAt", modified),
    mitreTechniques: techniqueIds(report, [
      ...pluck(finding, "attacks.technique.uid"),
      ...pluck(finding, "attacks.sub_technique.uid"),
    ]),
    tactics: tacticNames(report, pluck(finding, "attacks.tactic.name")),
    services: unique(asList(pluck(finding, "resources.type"))),
    clientEnvironment: firstText(finding, "cloud.provider") ? "Cloud" : undefined,
    srcIp: ips("src_endpoint.ip"),
    dstIp: ips("dst_endpoint.ip"),
    username: firstText(finding, "actor.user.name", "evidences.actor.user.name"),
    hostname: firstText(finding, "device.hostname", "evidences.device.hostname"),
    detectionSource: firstText(finding, "metadata.product.name"),
    sourceDetectionSource: firstText(finding, "metadata.product.vendor_name"),
    description: firstText(finding, "finding_info.desc", "finding.desc"),
  };
}

export const importOcsf = jsonImporter(mapOcsf, ["findings", "events"]);
