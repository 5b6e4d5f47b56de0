import type { AlertListQuery } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Cursor } from "../../http/cursor";
import { csvField } from "../../lib/csv";
import { iso, isoOrNull } from "../../lib/time";
import { cursorValue } from "./alert-list.repository";
import { planList } from "./alert-list-plan.repository";
import { alertPage } from "./alert-page.repository";
import type { SummaryRow } from "./alert-view";

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

/** A list row: the CSV columns read the same fields the list shows. */
type Row = SummaryRow;

/**
 * Every alert matching the filters, as CSV, fetched in keyset pages of 1,000 so memory stays
 * flat whatever the size of the export.
 */
export async function* exportAlertsCsv(
  ctx: AppContext,
  tenantIds: readonly string[],
  query: AlertListQuery,
): AsyncGenerator<string> {
  yield `${columns.map(([name]) => name).join(",")}\r\n`;
  const now = ctx.now();
  const pageQuery = { ...query, limit: 1000 };
  // Planned once, like the list: a rare host or technique starts from its matches.
  const plan = await planList(ctx.db, tenantIds, pageQuery, now);
  let cursor: Cursor | undefined;
  for (;;) {
    const rows: Row[] = (await alertPage(ctx.db, tenantIds, pageQuery, now, cursor, plan)).slice(0, 1000);
    if (rows.length === 0) return;
    yield rows.map((r) => `${columns.map(([, get]) => csvField(get(r))).join(",")}\r\n`).join("");
    const last = rows.at(-1) as Row & { seq: number | null };
    cursor = { v: cursorValue(last, query.sort), id: last.id, seq: last.seq ?? undefined };
    if (rows.length < 1000) return;
  }
}
