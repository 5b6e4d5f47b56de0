import { createHash } from "node:crypto";
import { type IncidentStatus, type Priority, priorities } from "@watchfloor/shared";
import { tacticNames, techniqueIds } from "./attack-fields";
import type { RowReport } from "./emit";
import { jsonImporter, type Mapped } from "./json-importer";
import { asNumber, firstText, isoFromEpoch, isoWithOffset, matchEnum, pluck, type Read } from "./values";
import { zeekPriority } from "./zeek";

/** Elastic's default risk scores are 21/47/73/99 for low/medium/high/critical; the bands sit between. */
export function riskScorePriority(score: number): Priority {
  if (score > 73) return "Critical";
  if (score > 47) return "High";
  if (score > 21) return "Medium";
  return "Low";
}

/**
 * Priority, first match wins: a severity word (kibana.alert.severity, signal.rule.severity),
 * a 0-100 score (kibana.alert.risk_score, event.risk_score, then event.severity read on the same
 * scale), the Zeek notice type for Zeek notices, else Medium.
 */
function ecsPriority(doc: Record<string, unknown>): Priority {
  const word = matchEnum(firstText(doc, "kibana.alert.severity", "signal.rule.severity"), priorities);
  if (typeof word === "string") return word;
  for (const path of ["kibana.alert.risk_score", "signal.rule.risk_score", "event.risk_score", "event.severity"]) {
    const score = asNumber(pluck(doc, path)[0]);
    if (typeof score === "number") return riskScorePriority(score);
  }
  const note = firstText(doc, "zeek.notice.note");
  return note ? zeekPriority(note) : "Medium";
}

/**
 * ECS dates: ISO-8601 text, or epoch milliseconds (a number or a digit string), which is how
 * Elasticsearch stores `date` fields and how documents read back from it or written by some
 * shippers carry `@timestamp`.
 */
export function ecsDate(value: unknown): Read<string> {
  if (typeof value === "number" || (typeof value === "string" && /^\d{10,}$/.test(value.trim())))
    return isoFromEpoch(value, "ms");
  return isoWithOffset(value);
}

const workflowStatus: Record<string, IncidentStatus> = { open: "Open", acknowledged: "Acknowledged", closed: "Closed" };

/**
 * Elastic Common Schema alert documents (nested or flattened keys). Only event.kind "alert" or
 * "signal" are alerts. sourceId = event.id, else "sha256:" + the SHA-256 of the document as
 * JSON (key order as written), so re-importing the same document updates it.
 */
export function mapEcs(doc: Record<string, unknown>, report: RowReport): Mapped {
  const kind = firstText(doc, "event.kind");
  if (kind !== "alert" && kind !== "signal") return { skip: `event.kind ${kind ?? "(missing)"} is not an alert` };
  const timestamp = pluck(doc, "@timestamp")[0];
  const start = pluck(doc, "event.start")[0];
  const status = firstText(doc, "kibana.alert.workflow_status");
  return {
    source: "ecs",
    sourceId: firstText(doc, "event.id") ?? `sha256:${createHash("sha256").update(JSON.stringify(doc)).digest("hex")}`,
    name: firstText(doc, "rule.name", "kibana.alert.rule.name", "rule.description", "message") ?? "",
    rule: firstText(doc, "rule.id", "kibana.alert.rule.uuid", "rule.name"),
    type: firstText(doc, "event.category"),
    priority: ecsPriority(doc),
    status: (status ? workflowStatus[status] : undefined) ?? "Open",
    detectedAt: report.date(ecsDate(timestamp), "detectedAt", timestamp),
    occurredAt: report.date(ecsDate(start), "occurredAt", start),
    hostname: firstText(doc, "host.name", "host.hostname"),
    username: firstText(doc, "user.name"),
    srcIp: firstText(doc, "source.ip"),
    dstIp: firstText(doc, "destination.ip"),
    detectionSource: firstText(doc, "observer.product", "event.module", "event.dataset"),
    sourceTool: firstText(doc, "observer.vendor", "agent.type"),
    tactics: tacticNames(report, pluck(doc, "threat.tactic.name")),
    mitreTechniques: techniqueIds(report, [
      ...pluck(doc, "threat.technique.id"),
      ...pluck(doc, "threat.technique.subtechnique.id"),
    ]),
    description: firstText(doc, "rule.description", "message"),
  };
}

export const importEcs = jsonImporter(mapEcs);
