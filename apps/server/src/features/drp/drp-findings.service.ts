import {
  type DrpConfidence,
  type DrpEvidence,
  type DrpFinding,
  type DrpFindingKind,
  type DrpFindingListQuery,
  type DrpFindingPage,
  type DrpFindingStatus,
  type DrpStatusBody,
  drpNextStatuses,
  drpStatusLabels,
} from "@watchfloor/shared";
import type { Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { DB, DrpFindingsTable } from "../../db/tables";
import type { Doer } from "../../http/actor";
import { decodeCursor, encodeCursor } from "../../http/cursor";
import { conflict, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { tenantsOf } from "../../http/tenant-scope";
import { iso, isoOrNull } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
import { insertNotifications } from "../notifications/notifications.repository";
import { tenantAdmins } from "../users/users.repository";
import { higherConfidence } from "./drp-confidence";
import * as repo from "./drp-findings.repository";
import { unicodeHost } from "./drp-hosts";
import { findingKeyOf, type SeenFinding, type SightingSet, watchedKeyOf } from "./drp-sightings";

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

function view(r: DrpFindingsTable): DrpFinding {
  const kind = r.kind as DrpFindingKind;
  const noEvidence: DrpEvidence = { source: "alerts", importId: null, line: null, alertId: null, detail: "" };
  return {
    id: r.id,
    tenantId: r.tenant_id,
    kind,
    value: r.value,
    display: kind === "leaked-credential" ? r.value : unicodeHost(r.value),
    watched: { id: r.watched_id, kind: r.watched_kind, value: r.watched_value },
    techniques: parse<string[]>(r.techniques, []),
    confidence: r.confidence as DrpConfidence,
    status: r.status as DrpFindingStatus,
    firstEvidence: parse(r.first_evidence, noEvidence),
    lastEvidence: parse(r.last_evidence, noEvidence),
    sightings: Number(r.sightings),
    firstSeen: iso(Number(r.first_seen)),
    lastSeen: iso(Number(r.last_seen)),
    statusChangedAt: isoOrNull(r.status_changed_at === null ? null : Number(r.status_changed_at)),
    statusChangedBy: r.status_changed_by,
    statusNote: r.status_note,
  };
}

export async function listFindings(ctx: AppContext, scope: TenantScope, query: DrpFindingListQuery): Promise<DrpFindingPage> {
  const tenantIds = tenantsOf(scope, query.tenantId);
  const before = decodeCursor(query.cursor, "cursor");
  const rows = await repo.listFindings(ctx.db, tenantIds, { ...query, before }, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(view),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: Number(last.last_seen), id: last.id }) : null,
  };
}

/** Moves a finding along the workflow (analysts and above); who, when and the note go to the finding and the audit log. */
export async function changeStatus(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  id: string,
  body: DrpStatusBody,
): Promise<DrpFinding> {
  const row = await repo.findFinding(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("DRP finding");
  const from = row.status as DrpFindingStatus;
  if (!drpNextStatuses[from].includes(body.status)) {
    const allowed = drpNextStatuses[from].map((s) => drpStatusLabels[s]).join(", ");
    throw conflict(`A finding in "${drpStatusLabels[from]}" moves only to: ${allowed}.`, [
      { path: "status", message: `cannot move from ${from} to ${body.status}` },
    ]);
  }
  const now = ctx.now();
  const set = { status: body.status, status_changed_at: now, status_changed_by: doer.name, status_note: body.note || null };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.setStatus(trx, id, from, set))) throw conflict("Someone moved this finding meanwhile: reload it.");
    await recordAudit(trx, {
      event: "drp.finding_status_changed",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      details: { findingId: id, kind: row.kind, value: row.value, from, to: body.status, note: body.note ?? null, by: doer.name },
    });
  });
  return view({ ...row, ...set });
}

export interface StoredCounts {
  created: number;
  updated: number;
  highConfidence: number;
}

/**
 * Stores what an import or scan saw, in its transaction: a finding seen before moves its last
 * seen time and evidence (its status stays, closed ones included), a new one starts as "new".
 * New high-confidence findings are told to the tenant's owners and admins in one notification.
 */
export async function storeSightings(
  trx: Transaction<DB>,
  tenantId: string,
  seen: SightingSet,
  now: number,
  what: string,
): Promise<StoredCounts> {
  const counts: StoredCounts = { created: 0, updated: 0, highConfidence: 0 };
  if (seen.size === 0) return counts;
  const all = [...seen.found.values()];
  const existing = new Map(
    (await repo.findingsWithValues(trx, tenantId, [...new Set(all.map((s) => s.value))])).map(
      (r) => [findingKeyOf({ kind: r.kind, value: r.value, watchedKey: r.watched_key }), r] as const,
    ),
  );
  const fresh: DrpFindingsTable[] = [];
  const high: SeenFinding[] = [];
  for (const s of all) {
    const old = existing.get(findingKeyOf({ kind: s.kind, value: s.value, watchedKey: watchedKeyOf(s.watched) }));
    if (old) {
      await repo.updateSighting(trx, old.id, {
        last_seen: now,
        last_evidence: JSON.stringify(s.last),
        sightings: Number(old.sightings) + s.count,
        confidence: higherConfidence(old.confidence as DrpConfidence, s.confidence),
        techniques: JSON.stringify([...new Set([...parse<string[]>(old.techniques, []), ...s.techniques])]),
      });
      counts.updated++;
      continue;
    }
    fresh.push({
      id: newId(),
      tenant_id: tenantId,
      kind: s.kind,
      value: s.value,
      watched_id: s.watched.id,
      watched_key: watchedKeyOf(s.watched),
      watched_kind: s.watched.kind,
      watched_value: s.watched.value,
      techniques: JSON.stringify(s.techniques),
      confidence: s.confidence,
      status: "new",
      first_evidence: JSON.stringify(s.first),
      last_evidence: JSON.stringify(s.last),
      sightings: s.count,
      first_seen: now,
      last_seen: now,
      status_changed_at: null,
      status_changed_by: null,
      status_note: null,
    });
    if (s.confidence === "high") high.push(s);
  }
  await repo.insertFindings(trx, fresh);
  counts.created = fresh.length;
  counts.highConfidence = high.length;
  if (high.length > 0) {
    const recipients = (await tenantAdmins(trx, [tenantId])).get(tenantId) ?? [];
    const names = high.slice(0, 3).map((h) => (h.kind === "leaked-credential" ? h.value : unicodeHost(h.value)));
    const more = high.length > names.length ? ` and ${high.length - names.length} more` : "";
    const message = `${high.length} new high-confidence DRP finding${high.length === 1 ? "" : "s"} from ${what}: ${names.join(", ")}${more}.`;
    await insertNotifications(
      trx,
      recipients.map((userId) => ({
        userId,
        tenantId,
        kind: "drp_high_confidence" as const,
        message,
        link: "/drp?confidence=high&status=new",
        at: now,
      })),
    );
  }
  return counts;
}
