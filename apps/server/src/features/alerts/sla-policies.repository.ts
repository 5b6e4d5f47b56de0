import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";
import type { SlaPolicy } from "./sla";

type Db = Kysely<DB> | Transaction<DB>;

/** A tenant's own SLA minutes by priority; priorities without a row use the defaults. */
export async function slaPolicies(db: Db, tenantId: string): Promise<Map<string, SlaPolicy>> {
  const rows = await db.selectFrom("sla_policies").selectAll().where("tenant_id", "=", tenantId).execute();
  return new Map(rows.map((r) => [r.priority, { ack: r.ack_minutes, respond: r.respond_minutes, resolve: r.resolve_minutes }]));
}

export async function saveSlaPolicy(db: Db, tenantId: string, priority: string, policy: SlaPolicy): Promise<void> {
  await db
    .insertInto("sla_policies")
    .values({
      tenant_id: tenantId,
      priority,
      ack_minutes: policy.ack,
      respond_minutes: policy.respond,
      resolve_minutes: policy.resolve,
    })
    .onConflict((oc) =>
      oc
        .columns(["tenant_id", "priority"])
        .doUpdateSet({ ack_minutes: policy.ack, respond_minutes: policy.respond, resolve_minutes: policy.resolve }),
    )
    .execute();
}
