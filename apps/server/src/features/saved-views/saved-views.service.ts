import type { SavedView, SavedViewListName } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import { iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import * as repo from "./saved-views.repository";

const toView = (r: { id: string; list: string; name: string; query: string; created_at: number }): SavedView => ({
  id: r.id,
  list: r.list as SavedViewListName,
  name: r.name,
  query: r.query,
  createdAt: iso(r.created_at),
});

/** A person's saved views, of one list or all, by name. */
export async function savedViews(ctx: AppContext, userId: string, list?: SavedViewListName) {
  return { items: (await repo.listSavedViews(ctx.db, userId, list)).map(toView) };
}

export async function saveView(ctx: AppContext, userId: string, body: { list: SavedViewListName; name: string; query: string }) {
  const row = { id: newId(), user_id: userId, list: body.list, name: body.name, query: body.query, created_at: ctx.now() };
  await repo.insertSavedView(ctx.db, row);
  return toView(row);
}

export async function deleteView(ctx: AppContext, userId: string, id: string) {
  if (!(await repo.deleteSavedView(ctx.db, userId, id))) throw notFound("Saved view");
  return { ok: true as const };
}
