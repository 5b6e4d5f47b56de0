import { type FindingListQuery, type FindingSummary, findingCsvColumns } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { csvField } from "../../lib/csv";
import { toFindingSummary } from "./finding-view";
import type { Cursor } from "../../db/keyset";
import { planFindingList, sortedFindingPage } from "./findings-list.repository";

type Column = (typeof findingCsvColumns)[number];
type Row = FindingSummary & { closeReason: string | null };

const text = (value: unknown): string | null => {
  if (value == null) return null;
  if (Array.isArray(value)) return value.join("; ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
};

const cell = (row: Row, column: Column): string | null => (column === "tenant" ? row.tenantName : text(row[column]));

const PAGE = 1000;

/**
 * Every finding matching the filters, in the list's order, as CSV: fetched in keyset pages of
 * 1,000 so memory stays flat however many rows there are. Fields are formula-safe (csvField).
 */
export async function* exportFindingsCsv(
  ctx: AppContext,
  tenantIds: readonly string[],
  query: Omit<FindingListQuery, "cursor" | "limit">,
): AsyncGenerator<string> {
  yield `${findingCsvColumns.join(",")}\r\n`;
  const now = ctx.now();
  const pageQuery: FindingListQuery = { ...query, limit: PAGE };
  const plan = await planFindingList(ctx.db, tenantIds, pageQuery, now);
  let cursor: Cursor | undefined;
  for (;;) {
    const fetched = await sortedFindingPage(ctx.db, tenantIds, pageQuery, now, cursor, plan);
    const rows = fetched.slice(0, PAGE);
    if (rows.length === 0) return;
    yield rows
      .map((r) => {
        const row: Row = { ...toFindingSummary(r, now), closeReason: r.close_reason };
        return `${findingCsvColumns.map((c) => csvField(cell(row, c))).join(",")}\r\n`;
      })
      .join("");
    if (fetched.length <= PAGE) return;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    cursor = { v: last.sort_value, id: last.id };
  }
}
