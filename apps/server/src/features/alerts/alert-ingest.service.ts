import type { Transaction } from "kysely";
import type { AppContext } from "../../context";
import { recordEvent } from "../../db/automation-outbox.repository";
import { statementsHoldTheThread } from "../../db/dialect";
import type { AlertsTable, DB } from "../../db/tables";
import { invalid } from "../../http/errors";
import { yieldToEventLoop } from "../../lib/yield";
import { markAlertsChanged } from "../rollups/rollup-refresher";
import { type IngestRejection, type NormaliseContext, normaliseAlerts } from "./alert-normalise";
import type { Doer } from "../../http/actor";
import * as repo from "./alerts.repository";
import { BulkBodyError, checkBulkArray, ndjsonLines, parseNdjsonLines } from "./bulk-body";
import { normaliseNdjsonOffThread, normaliseOffThread } from "./ingest-pool";
import type { IngestChunk } from "./ingest-protocol";
import { slaPolicies } from "./sla-policies.repository";

/** Alert ingestion: the API's single and bulk routes, file imports and the demo data all store alerts here. */

export interface IngestOutcome {
  created: number;
  updated: number;
  rejected: IngestRejection[];
  ids: string[];
  createdIds: string[];
}

/**
 * Rows written between two yields to the event loop: about 10 ms of SQLite work on this
 * machine (alerts cost 40-90 µs each with their ATT&CK links), so other requests and /healthz
 * are answered while a big request or import writes (bench/healthz-under-load.bench.ts).
 */
export const WRITE_SLICE = 200;

/**
 * Upserts rows in slices inside the caller's transaction, letting the event loop run between
 * slices, and queues their rollup leaves. On SQLite the transaction keeps the one connection, so
 * other requests' queries wait for it to commit; everything else (health checks, parsing
 * replies, sockets) goes on. A key repeated across slices is an update, as within one.
 */
export async function writeAlertRows(
  ctx: AppContext,
  trx: Transaction<DB>,
  tenantId: string,
  rows: AlertsTable[],
  /** Quarter hours this transaction has queued for the rollups already (see markAlertsChanged). */
  queued?: Set<number>,
): Promise<repo.UpsertResult> {
  const result: repo.UpsertResult = { created: 0, updated: 0, ids: [], createdIds: [] };
  // On PostgreSQL statements wait on a socket, not on this thread: the whole chunk goes at once,
  // in statements of the repository's size, not five slices of 200 rows with a statement each.
  const slice = statementsHoldTheThread(trx as never) ? WRITE_SLICE : Math.max(rows.length, 1);
  for (let i = 0; i < rows.length; i += slice) {
    if (i > 0) await yieldToEventLoop();
    const upserted = await repo.upsertAlerts(trx, tenantId, rows.slice(i, i + slice), ctx.bulk);
    result.created += upserted.created;
    result.updated += upserted.updated;
    for (const id of upserted.ids) result.ids.push(id);
    for (const id of upserted.createdIds) result.createdIds.push(id);
  }
  await markAlertsChanged(trx, tenantId, rows, queued);
  return result;
}

// Below these sizes a worker round trip costs more than it saves.
const OFF_THREAD_MIN_ITEMS = 500;
const OFF_THREAD_MIN_BYTES = 256 * 1024;

/**
 * Validates and stores alerts for one tenant in one transaction. Invalid items are reported
 * by index and nothing of theirs is written; valid ones are upserted on (source, source id).
 */
export async function ingestAlerts(
  ctx: AppContext,
  tenantId: string,
  items: unknown[],
  doer: Doer,
  /** More writes that must commit with the alerts or not at all (a quarantined row's resolution). */
  alsoInTransaction?: (trx: Transaction<DB>) => Promise<void>,
): Promise<IngestOutcome> {
  return ingestChunks(
    ctx,
    tenantId,
    doer,
    async function* (context) {
      yield normaliseAlerts(checkBulkArray(items), 0, context);
    },
    alsoInTransaction,
  );
}

/**
 * A bulk request body: a JSON array or NDJSON text. Big bodies are validated and normalised
 * in the ingest worker while this thread writes the chunks it has finished.
 */
/** The id of the one alert a single-alert ingest wrote (its body was validated, so it was written). */
export function ingestedId(outcome: IngestOutcome): string {
  const [id] = outcome.ids;
  if (id === undefined) throw new Error("A validated alert was not written.");
  return id;
}

export async function ingestBulk(ctx: AppContext, tenantId: string, body: unknown, doer: Doer): Promise<IngestOutcome> {
  if (Buffer.isBuffer(body)) {
    // Big NDJSON bodies go to the worker undecoded: this thread turns only their first lines into a string.
    if (body.byteLength >= OFF_THREAD_MIN_BYTES)
      return ingestChunks(ctx, tenantId, doer, (context) => normaliseNdjsonOffThread(body, context));
    return ingestAlerts(
      ctx,
      tenantId,
      bodyErrorsAsInvalid(() => parseNdjsonLines(ndjsonLines(body.toString("utf8")))),
      doer,
    );
  }
  if (Array.isArray(body)) {
    if (body.length >= OFF_THREAD_MIN_ITEMS)
      return ingestChunks(ctx, tenantId, doer, (context) => normaliseOffThread({ context, items: body }));
    return ingestAlerts(ctx, tenantId, body, doer);
  }
  throw invalid("body", "must be a JSON array or NDJSON (application/x-ndjson)");
}

async function ingestChunks(
  ctx: AppContext,
  tenantId: string,
  doer: Doer,
  chunks: (context: NormaliseContext) => AsyncIterable<IngestChunk>,
  alsoInTransaction?: (trx: Transaction<DB>) => Promise<void>,
): Promise<IngestOutcome> {
  const policies = await slaPolicies(ctx.db, tenantId);
  const context: NormaliseContext = { tenantId, now: ctx.now(), policies: [...policies], ingestedBy: doer.name };
  const outcome: IngestOutcome = { created: 0, updated: 0, ids: [], createdIds: [], rejected: [] };
  // Arrival is not a timeline entry: the detail view shows it from created_at and the source.
  // A body-level error in any chunk rolls back the chunks already written.
  await bodyErrorsAsInvalidAsync(() =>
    ctx.db.transaction().execute(async (trx) => {
      const queued = new Set<number>();
      for await (const chunk of chunks(context)) {
        for (const r of chunk.rejected) outcome.rejected.push(r);
        const upserted = await writeAlertRows(ctx, trx, tenantId, chunk.rows, queued);
        outcome.created += upserted.created;
        outcome.updated += upserted.updated;
        for (const id of upserted.ids) outcome.ids.push(id);
        for (const id of upserted.createdIds) outcome.createdIds.push(id);
        // One outbox row per chunk (its new alerts), committed with them.
        await recordEvent(trx, { type: "alert.created", tenantId, ids: upserted.createdIds }, context.now);
        // The next chunk may already be here: other requests get their turn first.
        await yieldToEventLoop();
      }
      await alsoInTransaction?.(trx);
    }),
  );
  if (outcome.ids.length)
    ctx.events.publish({ tenantId, kind: "alert", ids: outcome.ids, action: outcome.created ? "created" : "updated" });
  // Wakes this server's automation engine for the events recorded above.
  ctx.events.emit({ type: "alert.created", tenantId, ids: outcome.createdIds });
  return outcome;
}

function bodyErrorsAsInvalid<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw error instanceof BulkBodyError ? invalid(error.field, error.reason) : error;
  }
}

async function bodyErrorsAsInvalidAsync<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof BulkBodyError ? invalid(error.field, error.reason) : error;
  }
}
