import {
  domainWatchedKinds,
  type WatchedAsset,
  type WatchedAssetAdded,
  type WatchedAssetBody,
  type WatchedKind,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { conflict, invalid, notFound } from "../../http/errors";
import type { Actor, TenantScope } from "../../http/policy";
import { assertTenantInScope } from "../../http/tenant-scope";
import { iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { matchAddedAsset } from "./drp-watched-match.service";
import * as repo from "./drp.repository";
import { lookalikeDomains } from "./lookalike-domains";
import { displayOf, normaliseWatched } from "./watched-value";

type Row = Awaited<ReturnType<typeof repo.listWatched>>[number];

function toWatched(r: Row): WatchedAsset {
  const kind = r.kind as WatchedKind;
  return {
    id: r.id,
    tenantId: r.tenant_id,
    kind,
    value: r.value,
    display: displayOf(kind, r.value),
    createdAt: iso(r.created_at),
    createdBy: r.created_by_name ?? null,
  };
}

/** Watched assets one tenant may have (docs/drp.md). */
export const MAX_WATCHED = 200;

export async function listWatched(ctx: AppContext, scope: TenantScope): Promise<WatchedAsset[]> {
  return (await repo.listWatched(ctx.db, scope.tenantIds)).map(toWatched);
}

export async function addWatched(
  ctx: AppContext,
  scope: TenantScope,
  actor: Actor,
  body: WatchedAssetBody,
): Promise<WatchedAssetAdded> {
  assertTenantInScope(scope, body.tenantId);
  const normal = normaliseWatched(body.kind, body.value);
  if ("error" in normal) throw invalid("value", normal.error);
  // Each watched domain brings hundreds of look-alikes to every import and scan.
  if ((await repo.countWatched(ctx.db, body.tenantId)) >= MAX_WATCHED)
    throw invalid("tenantId", `watches ${MAX_WATCHED} assets already, the most one tenant may: remove one first`);
  if (await repo.findByValue(ctx.db, body.tenantId, body.kind, normal.value)) {
    throw conflict("This tenant already watches it.", [{ path: "value", message: "is already watched" }]);
  }
  const row = {
    id: newId(),
    tenant_id: body.tenantId,
    kind: body.kind,
    value: normal.value,
    created_at: ctx.now(),
    created_by: actor.userId,
  };
  await repo.insertWatched(ctx.db, row);
  const stored = await repo.findWatched(ctx.db, [body.tenantId], row.id);
  if (!stored) throw notFound("Watched asset");
  // The add has committed; what the tenant already knows is matched against it at once (docs/drp.md).
  const all = await repo.listWatched(ctx.db, [body.tenantId]);
  const refs = all.map((w) => ({ id: w.id, kind: w.kind as WatchedKind, value: w.value }));
  const match = await matchAddedAsset(
    ctx,
    body.tenantId,
    { id: row.id, kind: body.kind, value: normal.value },
    refs,
    actor.userId,
  );
  return { ...toWatched(stored), match };
}

export async function removeWatched(ctx: AppContext, scope: TenantScope, id: string): Promise<void> {
  if (!(await repo.deleteWatched(ctx.db, scope.tenantIds, id))) throw notFound("Watched asset");
}

/** The look-alike registrations to look out for, for a watched domain or e-mail domain. */
export async function watchedLookalikes(ctx: AppContext, scope: TenantScope, id: string) {
  const row = await repo.findWatched(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Watched asset");
  const watched = toWatched(row);
  if (!domainWatchedKinds.includes(watched.kind))
    throw invalid("watchedId", "look-alikes are made for domains and e-mail domains, not for names");
  return { watched, items: lookalikeDomains(watched.value) };
}
