import type { Kysely, Transaction } from "kysely";
import type { DB, WebhookDeliveriesTable, WebhooksTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

export async function insertWebhook(db: Db, row: WebhooksTable): Promise<void> {
  await db.insertInto("webhooks").values(row).execute();
}

export async function listWebhooks(db: Db, tenantIds: readonly string[]): Promise<WebhooksTable[]> {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("webhooks")
    .selectAll()
    .where("tenant_id", "in", [...tenantIds])
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function findWebhook(db: Db, tenantIds: readonly string[], id: string): Promise<WebhooksTable | undefined> {
  if (tenantIds.length === 0) return undefined;
  return db
    .selectFrom("webhooks")
    .selectAll()
    .where("id", "=", id)
    .where("tenant_id", "in", [...tenantIds])
    .executeTakeFirst();
}

/** A webhook by id whatever its tenant: only to tell which tenant one belongs to. */
export async function findWebhookAnywhere(db: Db, id: string): Promise<Pick<WebhooksTable, "id" | "tenant_id"> | undefined> {
  return db.selectFrom("webhooks").select(["id", "tenant_id"]).where("id", "=", id).executeTakeFirst();
}

export async function updateWebhook(db: Db, id: string, changes: Partial<WebhooksTable>): Promise<void> {
  await db.updateTable("webhooks").set(changes).where("id", "=", id).execute();
}

export async function deleteWebhook(db: Db, id: string): Promise<void> {
  await db.deleteFrom("webhooks").where("id", "=", id).execute();
}

export async function insertDelivery(db: Db, row: WebhookDeliveriesTable): Promise<void> {
  await db.insertInto("webhook_deliveries").values(row).execute();
}

export async function findDelivery(db: Db, tenantIds: readonly string[], id: string) {
  if (tenantIds.length === 0) return undefined;
  return db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhooks", "webhooks.id", "webhook_deliveries.webhook_id")
    .selectAll("webhook_deliveries")
    .select("webhooks.name as webhook_name")
    .where("webhook_deliveries.id", "=", id)
    .where("webhook_deliveries.tenant_id", "in", [...tenantIds])
    .executeTakeFirst();
}

/** A delivery with its webhook, for the job that sends it (no tenant scope: the job is the system). */
export async function deliveryForSending(db: Db, id: string) {
  return db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhooks", "webhooks.id", "webhook_deliveries.webhook_id")
    .selectAll("webhook_deliveries")
    .select([
      "webhooks.url",
      "webhooks.kind",
      "webhooks.secret",
      "webhooks.previous_secret",
      "webhooks.previous_until",
      "webhooks.enabled",
      "webhooks.name as webhook_name",
      "webhooks.created_by_name",
    ])
    .where("webhook_deliveries.id", "=", id)
    .executeTakeFirst();
}

export async function updateDelivery(db: Db, id: string, changes: Partial<WebhookDeliveriesTable>): Promise<void> {
  await db.updateTable("webhook_deliveries").set(changes).where("id", "=", id).execute();
}

export async function listDeliveries(
  db: Db,
  tenantIds: readonly string[],
  filter: { webhookId?: string; status?: string },
  before: { at: number; id: string } | undefined,
  limit: number,
) {
  if (tenantIds.length === 0) return [];
  let query = db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhooks", "webhooks.id", "webhook_deliveries.webhook_id")
    .selectAll("webhook_deliveries")
    .select("webhooks.name as webhook_name")
    .where("webhook_deliveries.tenant_id", "in", [...tenantIds]);
  if (filter.webhookId) query = query.where("webhook_deliveries.webhook_id", "=", filter.webhookId);
  if (filter.status) query = query.where("webhook_deliveries.status", "=", filter.status);
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb("webhook_deliveries.created_at", "<", before.at),
        eb.and([eb("webhook_deliveries.created_at", "=", before.at), eb("webhook_deliveries.id", "<", before.id)]),
      ]),
    );
  return query.orderBy("webhook_deliveries.created_at", "desc").orderBy("webhook_deliveries.id", "desc").limit(limit).execute();
}

/** The tenants of every automation rule that calls this webhook. */
export async function tenantsOfRulesCalling(db: Db, webhookId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("automation_rules as r")
    .innerJoin("automation_rule_tenants as t", "t.rule_id", "r.id")
    .select("t.tenant_id")
    .distinct()
    .where("r.actions", "like", `%"webhookId":${JSON.stringify(webhookId)}%`)
    .execute();
  return rows.map((r) => r.tenant_id);
}

/** Puts a finished delivery (dead or delivered) back in line; false when it is already being tried. */
export async function claimReplay(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({ status: "pending", next_attempt_at: at })
    .where("id", "=", id)
    .where("status", "in", ["dead", "delivered"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
