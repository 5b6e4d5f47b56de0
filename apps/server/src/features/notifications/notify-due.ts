import type { NotificationKind } from "@watchfloor/shared";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { DB } from "../../db/tables";
import { tenantAdmins } from "../users/users.repository";
import { insertNotifications } from "./notifications.repository";

/** Something that has just become late (an alert past its SLA, a finding past its due date). */
export interface DueItem {
  id: string;
  tenantId: string;
  assigneeUserId: string | null;
}

export interface DueNotice {
  kind: NotificationKind;
  message: string;
  link: string;
}

/**
 * Tells the tenant's owners and admins, and the assignee, about each late item once: the
 * notifications and the item's "notified" mark are written in one transaction, so an item is
 * never notified twice nor marked without its notifications. Returns how many items were handled.
 */
export async function notifyDue<T extends DueItem>(
  ctx: AppContext,
  due: readonly T[],
  notice: (item: T) => DueNotice,
  markNotified: (trx: Transaction<DB> | Kysely<DB>, item: T, at: number) => Promise<void>,
): Promise<number> {
  if (due.length === 0) return 0;
  const now = ctx.now();
  const admins = await tenantAdmins(ctx.db, [...new Set(due.map((d) => d.tenantId))]);
  await ctx.db.transaction().execute(async (trx) => {
    for (const item of due) {
      const recipients = new Set([...(admins.get(item.tenantId) ?? []), ...(item.assigneeUserId ? [item.assigneeUserId] : [])]);
      const { kind, message, link } = notice(item);
      await insertNotifications(trx, [...recipients].map((userId) => ({ userId, tenantId: item.tenantId, kind, message, link, at: now })));
      await markNotified(trx, item, now);
    }
  });
  return due.length;
}
