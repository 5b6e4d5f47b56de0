import type { AlertListQuery } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { iso, isoOrNull } from "../../lib/time";
import { cursorValue } from "./alert-list.repository";
import { alertPage } from "./alert-page.repository";

const columns = [
  ["id", (r: Row) => r.id],
  ["tenant", (r: Row) => r.tenant_name],
  ["source", (r: Row) => r.source],
  ["sourceId", (r: Row) => r.source_id],
  ["name", (r: Row) => r.name],
  ["rule", (r: Row) => r.rule],
  ["priority", (r: Row) => r.priority],
  ["status", (r: Row) => r.status],
  ["assignee", (r: Row) => r.assignee],
  ["detectedAt", (r: Row) => iso(r.detected_at)],
  ["acknowledgedAt", (r: Row) => isoOrNull(r.acknowledged_at)],
  ["respondedAt", (r: Row) => isoOrNull(r.responded_at)],
  ["resolvedAt", (r: Row) => isoOrNull(r.resolved_at)],
  ["detectionSource", (r: Row) => r.detection_source],
  ["sourceTool", (r: Row) => r.source_tool],
  ["hostname", (r: Row) => r.hostname],
  ["username", (r: Row) => r.username],
  ["srcIp", (r: Row) => r.src_ip],
  ["dstIp", (r: Row) => r.dst_ip],
  ["clientEnvironment", (r: Row) => r.client_environment],
  ["tactics", (r: Row) => (JSON.parse(r.tactics) as string[]).join("; ")],
  ["mitreTechniques", (r: Row) => (JSON.parse(r.mitre_techniques) as string[]).join("; ")],
  ["incidentId", (r: Row) => r.incident_id],
  ["resolutionType", (r: Row) => r.resolution_type],
  ["closureNotes", (r: Row) => r.closure_notes],
] as const;

interface Row {
  id: string; tenant_name: string; source: string; source_id: string; name: string; rule: string | null; priority: string;
  status: string; assignee: string | null; detected_at: number; acknowledged_at: number | null; responded_at: number | null;
  resolved_at: number | null; detection_source: string | null; source_tool: string | null; hostname: string | null;
  username: string | null; src_ip: string | null; dst_ip: string | null; client_environment: string | null; tactics: string;
  mitre_techniques: string; incident_id: string | null; resolution_type: string | null; closure_notes: string | null;
  priority_rank: number; updated_at: number;
}

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed so spreadsheets do not run it as a formula. */
export function csvField(value: string | null | undefined): string {
  if (value == null) return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Every alert matching the filters, as CSV, fetched in keyset pages of 1,000 so memory stays
 * flat whatever the size of the export.
 */
export async function* exportAlertsCsv(ctx: AppContext, tenantIds: readonly string[], query: AlertListQuery): AsyncGenerator<string> {
  yield `${columns.map(([name]) => name).join(",")}\r\n`;
  const now = ctx.now();
  const pageQuery = { ...query, limit: 1000 };
  let cursor: { v: string | number | null; id: string } | undefined;
  for (;;) {
    const rows = (await alertPage(ctx.db, tenantIds, pageQuery, now, cursor)).slice(0, 1000) as unknown as Row[];
    if (rows.length === 0) return;
    yield rows.map((r) => `${columns.map(([, get]) => csvField(get(r))).join(",")}\r\n`).join("");
    const last = rows.at(-1) as Row;
    cursor = { v: cursorValue(last as unknown as Record<string, unknown>, query.sort), id: last.id };
    if (rows.length < 1000) return;
  }
}
