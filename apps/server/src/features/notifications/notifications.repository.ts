import type { NotificationKind } from "@watchfloor/shared";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";
import { newId } from "../../lib/tokens";

type Db = Kysely<DB> | Transaction<DB>;

export interface NewNotification {
  userId: string;
  tenantId?: string | null;
  kind: NotificationKind;
  message: string;
  link?: string | null;
  at: number;
}

/** Several notifications in one statement. */
export async function insertNotifications(db: Db, list: readonly NewNotification[]): Promise<void> {
  if (list.length === 0) return;
  await db
    .insertInto("notifications")
    .values(
      list.map((n) => ({
        id: newId(),
        user_id: n.userId,
        tenant_id: n.tenantId ?? null,
        kind: n.kind,
        message: n.message,
        link: n.link ?? null,
        created_at: n.at,
        read_at: null,
      })),
    )
    .execute();
}

export async function insertNotification(db: Db, n: NewNotification): Promise<void> {
  await db
    .insertInto("notifications")
    .values({
      id: newId(),
      user_id: n.userId,
      tenant_id: n.tenantId ?? null,
      kind: n.kind,
      message: n.message,
      link: n.link ?? null,
      created_at: n.at,
      read_at: null,
    })
    .execute();
}

/**
 * A user's own notifications. Tenant-bound ones are shown only while the user still belongs to
 * that tenant, and only for the selected tenant when one is picked.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  tenantIds: readonly string[],
  options: { unreadOnly: boolean; limit: number; before?: { at: number; id: string } },
) {
  let query = db
    .selectFrom("notifications")
    .selectAll()
    .where("user_id", "=", userId)
    .where((eb) =>
      tenantIds.length > 0
        ? eb.or([eb("tenant_id", "is", null), eb("tenant_id", "in", [...tenantIds])])
        : eb("tenant_id", "is", null),
    );
  if (options.unreadOnly) query = query.where("read_at", "is", null);
  if (options.before) {
    const { at, id } = options.before;
    query = query.where((eb) => eb.or([eb("created_at", "<", at), eb.and([eb("created_at", "=", at), eb("id", "<", id)])]));
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit).execute();
}

export async function countUnread(db: Db, userId: string, tenantIds: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .where((eb) =>
      tenantIds.length > 0
        ? eb.or([eb("tenant_id", "is", null), eb("tenant_id", "in", [...tenantIds])])
        : eb("tenant_id", "is", null),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead(db: Db, userId: string, ids: string[] | "all", at: number): Promise<number> {
  let query = db.updateTable("notifications").set({ read_at: at }).where("user_id", "=", userId).where("read_at", "is", null);
  if (ids !== "all") query = query.where("id", "in", ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findNotification(db: Db, userId: string, id: string) {
  return db.selectFrom("notifications").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}
