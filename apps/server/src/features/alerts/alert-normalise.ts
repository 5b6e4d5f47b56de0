import { alertInputFieldsSchema, alertInputSchema, type Priority } from "@watchfloor/shared";
import type { AlertsTable } from "../../db/tables";
import { newId } from "../../lib/tokens";
import { toAlertRow } from "./alert-row";
import { policyFor, type SlaPolicy } from "./sla";

export interface IngestRejection {
  index: number;
  problems: { path: string; message: string }[];
}

export interface NormaliseContext {
  tenantId: string;
  now: number;
  /** The tenant's SLA overrides by priority, as entries so they cross to a worker thread. */
  policies: [string, SlaPolicy][];
  ingestedBy: string;
}

/**
 * Validates items against the alert contract and maps the valid ones to rows. `first` is the
 * position of items[0] in the whole request, so rejections name the caller's index.
 * Pure apart from minting ids: runs on the main thread for small requests and in the ingest
 * worker for big ones.
 */
export function normaliseAlerts(
  items: unknown[],
  first: number,
  context: NormaliseContext,
  /** The items were parsed from JSON text without a `\u0000` escape, so no string holds U+0000. */
  nulFree = false,
) {
  const policies = new Map(context.policies);
  const rows: AlertsTable[] = [];
  const rejected: IngestRejection[] = [];
  const schema = nulFree ? alertInputFieldsSchema : alertInputSchema;
  for (let i = 0; i < items.length; i++) {
    const parsed = schema.safeParse(items[i]);
    if (!parsed.success) {
      rejected.push({
        index: first + i,
        problems: parsed.error.issues.map((p) => ({ path: p.path.join("."), message: p.message })),
      });
      continue;
    }
    const row = toAlertRow(
      parsed.data,
      context.tenantId,
      newId(),
      context.now,
      policyFor(parsed.data.priority as Priority, policies),
    );
    row.ingested_by = context.ingestedBy;
    rows.push(row);
  }
  return { rows, rejected };
}
