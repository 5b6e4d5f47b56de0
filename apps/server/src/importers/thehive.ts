import type { IncidentStatus, Priority } from "@watchfloor/shared";
import { tacticFromTag, tacticNames, techniqueFromTag, techniqueIds } from "./attack-fields";
import type { RowReport } from "./emit";
import { jsonImporter, type Mapped } from "./json-importer";
import { asList, asNumber, asText, firstText, isoFromEpoch } from "./values";

/** TheHive severity 1-4 (4 and 5 share the same scale; 5 calls 4 "Critical"). */
const severities: Record<number, Priority> = { 1: "Low", 2: "Medium", 3: "High", 4: "Critical" };
/**
 * TheHive alert status: New and Updated are waiting for triage (Open), Ignored was dismissed
 * (Closed), Imported became a case, i.e. someone took it (Acknowledged). Absent = New.
 */
const statuses: Record<string, IncidentStatus> = { new: "Open", updated: "Open", ignored: "Closed", imported: "Acknowledged" };

/** TheHive 4/5 alerts: a JSON array, an object `{ "alerts": [...] }`, one alert, or JSON lines. */
export function mapTheHive(alert: Record<string, unknown>, report: RowReport): Mapped {
  const severity = asNumber(alert.severity);
  const priority = typeof severity === "number" ? severities[severity] : undefined;
  if (!priority) report.reject("severity", `${String(alert.severity ?? "(missing)")} is not a TheHive severity 1-4`);
  const statusText = asText(alert.status) ?? "New";
  const status = statuses[statusText.toLowerCase()];
  if (!status)
    report.finding(
      "out_of_enumeration",
      "status",
      statusText,
      `TheHive status ${statusText} is not New, Updated, Ignored or Imported; left Open`,
    );
  const tags = asList(alert.tags);
  const updated = alert._updatedAt ?? alert.lastSyncDate;
  return {
    source: "thehive",
    sourceId: firstText(alert, "id", "_id") ?? "",
    name: asText(alert.title) ?? "",
    type: asText(alert.type),
    priority: priority ?? "Low",
    status: status ?? "Open",
    detectedAt: report.date(isoFromEpoch(alert.date ?? alert._createdAt, "ms"), "detectedAt", alert.date),
    modifiedAt: report.date(isoFromEpoch(updated, "ms"), "modifiedAt", updated),
    detectionSource: asText(alert.source),
    ticketId: asText(alert.sourceRef),
    services: tags,
    mitreTechniques: techniqueIds(report, tags.map(techniqueFromTag)),
    tactics: tacticNames(report, tags.map(tacticFromTag)),
    description: asText(alert.description),
  };
}

export const importTheHive = jsonImporter(mapTheHive, ["alerts", "data"]);
