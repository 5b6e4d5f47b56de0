import type { AuditEvent } from "@watchfloor/shared";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";
import type { TenantScope } from "../../http/policy";
import { newId } from "../../lib/tokens";

type Db = Kysely<DB> | Transaction<DB>;

export interface AuditRecord {
  event: AuditEvent;
  at: number;
  tenantId?: string | null;
  actorUserId?: string | null;
  actorEmail?: string | null;
  ipAddress?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: newId(),
      at: record.at,
      event: record.event,
      tenant_id: record.tenantId ?? null,
      actor_user_id: record.actorUserId ?? null,
      actor_email: record.actorEmail ?? null,
      ip_address: record.ipAddress ?? null,
      details: JSON.stringify(record.details ?? {}),
    })
    .execute();
}

/**
 * Entries an admin of the scoped tenants may read: events of those tenants, and account events
 * (sign-in, lockout) of people who belong to them. Newest first, keyset on (at, id).
 */
export async function listAudit(
  db: Db,
  scope: TenantScope,
  options: { limit: number; before?: { at: number; id: string }; event?: string },
) {
  if (scope.tenantIds.length === 0) return [];
  const tenantIds = [...scope.tenantIds];
  let query = db
    .selectFrom("audit_log")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("tenant_id", "in", tenantIds),
        eb.and([
          eb("tenant_id", "is", null),
          eb("actor_user_id", "in", eb.selectFrom("memberships").select("user_id").where("tenant_id", "in", tenantIds)),
        ]),
      ]),
    );
  if (options.event) query = query.where("event", "=", options.event);
  if (options.before) {
    const { at, id } = options.before;
    query = query.where((eb) => eb.or([eb("at", "<", at), eb.and([eb("at", "=", at), eb("id", "<", id)])]));
  }
  return query.orderBy("at", "desc").orderBy("id", "desc").limit(options.limit).execute();
}
