import type { Priority } from "@watchfloor/shared";
import { tacticNames, techniqueIds } from "./attack-fields";
import type { RowReport } from "./emit";
import { jsonImporter, type Mapped } from "./json-importer";
import { asNumber, asText, firstText, INVALID, isoWithOffset, pluck } from "./values";

/** Suricata severity: 1 is the most severe (classification.config priority). Never Critical. */
export function suricataPriority(severity: number): Priority {
  if (severity <= 1) return "High";
  if (severity === 2) return "Medium";
  return "Low";
}

/**
 * Suricata EVE JSON lines (Suricata 4 to 7). `alert.metadata` (Suricata 4.1+, the rule's
 * `metadata:` keyword as lists of strings) gives ATT&CK techniques and tactics where the rule set
 * writes them (ET Open: mitre_technique_id, mitre_tactic_name like "Command_And_Control"). Only `event_type: "alert"` is an alert; dns/http/flow/... are skipped.
 * sourceId = flow_id:signature_id:timestamp, plus :tx_id when present: one flow can raise the same
 * signature for several HTTP transactions logged with the same timestamp (the surevego sample has
 * 68 alerts but only 52 distinct flow_id:signature_id:timestamp triples).
 */
export function mapSuricata(event: Record<string, unknown>, report: RowReport): Mapped {
  const type = asText(event.event_type);
  if (type !== "alert") return { skip: `event_type ${type ?? "(missing)"} is not an alert` };
  const severity = asNumber(pluck(event, "alert.severity")[0]);
  if (severity === undefined || severity === INVALID) report.reject("alert.severity", "is missing or not a number");
  const timestamp = asText(event.timestamp);
  const signatureId = firstText(event, "alert.signature_id");
  const txId = asText(event.tx_id);
  const sourceId = [asText(event.flow_id), signatureId, timestamp, txId].filter((v) => v !== undefined).join(":");
  const src = endpoint(event.src_ip, event.src_port);
  const dst = endpoint(event.dest_ip, event.dest_port);
  return {
    source: "suricata",
    sourceId,
    name: firstText(event, "alert.signature") ?? "",
    rule: signatureId,
    type: firstText(event, "alert.category"),
    priority: typeof severity === "number" ? suricataPriority(severity) : "Low",
    status: "Open",
    detectedAt: report.date(isoWithOffset(timestamp), "detectedAt", timestamp),
    srcIp: asText(event.src_ip),
    dstIp: asText(event.dest_ip),
    hostname: asText(event.host),
    services: [asText(event.app_proto)].filter((v): v is string => v !== undefined),
    detectionSource: "Suricata",
    sourceTool: "Suricata",
    sourceTools: ["Suricata"],
    mitreTechniques: techniqueIds(report, pluck(event, "alert.metadata.mitre_technique_id")),
    tactics: tacticNames(report, pluck(event, "alert.metadata.mitre_tactic_name")),
    description: `${asText(event.proto) ?? "?"} ${src} -> ${dst} (${firstText(event, "alert.action") ?? "no action"})`,
  };
}

const endpoint = (ip: unknown, port: unknown) => `${asText(ip) ?? "?"}${asText(port) ? `:${asText(port)}` : ""}`;

export const importSuricataEve = jsonImporter(mapSuricata);
