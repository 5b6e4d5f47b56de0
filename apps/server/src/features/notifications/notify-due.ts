import type { NotificationKind, Role } from "@watchfloor/shared";
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
 * never notified twice nor marked without its notifications. The mark is a claim: it sets only
 * an unmarked item and says whether it did, and only the claimer writes notifications. Two
 * servers on one PostgreSQL database that read the same late items both try; the second one's
 * update waits for the first's row lock, then finds the item marked and writes nothing.
 * Returns how many items this call notified.
 */
export async function notifyDue<T extends DueItem>(
  ctx: AppContext,
  due: readonly T[],
  notice: (item: T) => DueNotice,
  claimNotified: (trx: Transaction<DB> | Kysely<DB>, item: T, at: number) => Promise<boolean>,
  /** Who of the tenant is told besides the assignee (default: owners and admins). */
  roles?: readonly Role[],
  /** More writes that must commit with the claims (the automation events of the claimed items). */
  alsoInTransaction?: (trx: Transaction<DB>) => Promise<void>,
): Promise<number> {
  if (due.length === 0) return 0;
  const now = ctx.now();
  const admins = await tenantAdmins(ctx.db, [...new Set(due.map((d) => d.tenantId))], roles);
  return ctx.db.transaction().execute(async (trx) => {
    let notified = 0;
    for (const item of due) {
      if (!(await claimNotified(trx, item, now))) continue;
      const recipients = new Set([...(admins.get(item.tenantId) ?? []), ...(item.assigneeUserId ? [item.assigneeUserId] : [])]);
      const { kind, message, link } = notice(item);
      await insertNotifications(
        trx,
        [...recipients].map((userId) => ({ userId, tenantId: item.tenantId, kind, message, link, at: now })),
      );
      notified++;
    }
    await alsoInTransaction?.(trx);
    return notified;
  });
}
