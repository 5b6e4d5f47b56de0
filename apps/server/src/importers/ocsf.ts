import type { IncidentStatus, Priority } from "@watchfloor/shared";
import { tacticNames, techniqueIds } from "./attack-fields";
import type { RowReport } from "./emit";
import { jsonImporter, type Mapped, type Routed } from "./json-importer";
import { isOcsfFindingClass, notAnAlertReason, ocsfFindingClasses } from "./ocsf-classes";
import { asList, asNumber, firstText, isoFromEpoch, isoWithOffset, pluck, unique } from "./values";

/** OCSF severity_id: 1 Informational and 2 Low -> Low, 3 Medium, 4 High, 5 Critical and 6 Fatal -> Critical. */
const severities: Record<number, Priority> = { 1: "Low", 2: "Low", 3: "Medium", 4: "High", 5: "Critical", 6: "Critical" };
/**
 * The priority of a finding rated severity_id 0 (Unknown) or 99 (Other): Medium, so an unrated
 * detection is neither buried at the bottom of the queue nor paged as urgent. The row also gets
 * an out_of_enumeration finding naming the source's own label (docs/importers/alerts.md).
 */
export const ocsfUnratedPriority: Priority = "Medium";
const unrated: Record<number, string> = { 0: "Unknown", 99: "Other" };

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

function ocsfPriority(finding: Record<string, unknown>, report: RowReport): Priority | undefined {
  const severityId = asNumber(finding.severity_id);
  if (typeof severityId !== "number") return undefined;
  const label = unrated[severityId];
  if (label) {
    const own = firstText(finding, "severity");
    const named = own && own !== label ? ` (the source calls it "${own}")` : "";
    report.finding(
      "out_of_enumeration",
      "priority",
      severityId,
      `OCSF severity_id ${severityId} (${label})${named} has no priority; imported as ${ocsfUnratedPriority}`,
    );
    return ocsfUnratedPriority;
  }
  return severities[severityId];
}

/**
 * OCSF Detection Finding (class_uid 2004) and the older Security Finding (2001). The other
 * Findings classes are routed or skipped by ocsf-classes.ts; classes outside the category are
 * skipped. sourceId = finding_info.uid (2001: finding.uid), else metadata.uid.
 */
export function mapOcsf(finding: Record<string, unknown>, report: RowReport): Mapped | Routed {
  const classUid = asNumber(finding.class_uid);
  if (typeof classUid !== "number" || !isOcsfFindingClass(classUid))
    return { skip: `class_uid ${String(finding.class_uid ?? "(missing)")} is not in the OCSF Findings category (2001-2099)` };
  const destination = ocsfFindingClasses[classUid]?.destination ?? "unmapped";
  if (destination === "vulnerabilities" || destination === "compliance")
    return { route: destination, reason: notAnAlertReason(classUid, destination) };
  if (destination !== "alerts") return { skip: notAnAlertReason(classUid, destination) };
  const priority = ocsfPriority(finding, report);
  if (!priority)
    report.reject(
      "severity_id",
      `${String(finding.severity_id ?? "(missing)")} is not an OCSF severity_id (0-6 or 99), so there is no priority`,
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
