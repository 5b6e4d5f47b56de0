import { type IncidentListQuery, incidentCsvColumns } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Cursor } from "../../db/keyset";
import { csvField } from "../../lib/csv";
import { incidentPage } from "./incident-list.repository";
import { toSummary } from "./incidents.service";

const PAGE = 1000;

/**
 * Every incident matching the list's filters, in the list's order, as CSV: keyset pages of 1,000
 * so memory stays flat; fields formula-safe (csvField).
 */
export async function* exportIncidentsCsv(
  ctx: AppContext,
  tenantIds: readonly string[],
  query: Omit<IncidentListQuery, "cursor" | "limit">,
): AsyncGenerator<string> {
  yield `${incidentCsvColumns.join(",")}\r\n`;
  const pageQuery: IncidentListQuery = { ...query, limit: PAGE };
  let cursor: Cursor | undefined;
  for (;;) {
    const fetched = await incidentPage(ctx.db, tenantIds, pageQuery, cursor);
    const rows = fetched.slice(0, PAGE);
    if (rows.length === 0) return;
    yield rows
      .map((r) => {
        const i = toSummary(r as never);
        const cells = [
          i.reference,
          i.tenantName,
          i.title,
          i.priority,
          i.status,
          i.ownerName,
          String(i.alertCount),
          i.createdAt,
          i.updatedAt,
          i.id,
        ];
        return `${cells.map((c) => csvField(c)).join(",")}\r\n`;
      })
      .join("");
    if (fetched.length <= PAGE) return;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    cursor = { v: last.sort_value, id: last.id };
  }
}
