import type { AppContext } from "../../context";
import { tenantsWithModule } from "../../http/entitlements.repository";
import { notifyDue } from "../notifications/notify-due";
import { allTenantIds } from "../rollups/rollups.repository";
import { sourceHealth } from "./mdr-board.service";
import * as repo from "./mdr.repository";

/**
 * The periodic silence check (background-work.ts, docs/mdr.md "Silent sources"): every source of
 * every tenant with MDR whose last event is older than its expected interval is marked silent,
 * and its tenant's owners, admins and analysts are told once per silence (notify-due.ts claims
 * the mark). A source that sends again ends its silence. Returns how many silences were told.
 */
export async function notifySilentSources(ctx: AppContext): Promise<number> {
  const tenantIds = await tenantsWithModule(ctx.db, await allTenantIds(ctx.db), "mdr");
  const now = ctx.now();
  const states = new Map(
    (await repo.sourceStates(ctx.db, tenantIds)).map((s) => [JSON.stringify([s.tenant_id, s.tool, s.sensor]), s]),
  );
  const due: (Parameters<typeof repo.markSilent>[1] & { id: string; assigneeUserId: null; since: number; tenantName: string })[] =
    [];
  for (const s of await sourceHealth(ctx, tenantIds, now)) {
    const id = JSON.stringify([s.tenantId, s.tool, s.sensor]);
    const state = states.get(id);
    const k = { tenantId: s.tenantId, tool: s.tool, sensor: s.sensor };
    if (!s.silent) {
      if (state?.silent_since != null) await repo.clearSilence(ctx.db, k);
      continue;
    }
    const known = state?.silent_since != null && Number(state.silent_since) === s.lastEventAt;
    if (!known) await repo.markSilent(ctx.db, k, s.lastEventAt);
    if (known && state?.notified_at != null) continue;
    due.push({ ...k, id, assigneeUserId: null, since: s.lastEventAt, tenantName: s.tenantName });
  }
  return notifyDue(
    ctx,
    due,
    (item) => ({
      kind: "data_source_silent",
      message: `${item.tool}${item.sensor ? ` / ${item.sensor}` : ""} of ${item.tenantName} has sent nothing since ${new Date(item.since).toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      link: "/mdr?tab=sources",
    }),
    (trx, item, at) => repo.claimSilenceNotice(trx, item, item.since, at),
    ["owner", "admin", "analyst"],
  );
}
