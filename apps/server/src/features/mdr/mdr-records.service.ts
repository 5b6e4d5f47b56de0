import {
  type MdrAcknowledgeBody,
  type MdrChannel,
  type MdrContact,
  type MdrContactBody,
  type MdrEscalation,
  type MdrEscalationBody,
  type MdrEscalationSettings,
  type MdrHandover,
  type MdrHandoverBody,
  type MdrItemRef,
  type MdrMatrixBody,
  mdrAcknowledgeBodySchema,
  mdrContactBodySchema,
  mdrEscalationBodySchema,
  mdrHandoverBodySchema,
  type Priority,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { MdrContactsTable, MdrEscalationsTable, MdrHandoversTable } from "../../db/tables";
import type { Doer } from "../../http/actor";
import { conflict, invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope, tenantsOf } from "../../http/tenant-scope";
import { iso, isoOrNull } from "../../lib/time";
import { newId } from "../../lib/tokens";
import * as repo from "./mdr.repository";

// -- shift handovers ------------------------------------------------------------------------

const parseItems = (json: string): MdrItemRef[] => {
  try {
    return JSON.parse(json) as MdrItemRef[];
  } catch {
    return [];
  }
};

/** Labels of the items notes name, per tenant: "#12 Title" for incidents, the alert's name. */
async function itemLabels(ctx: AppContext, tenantId: string, items: MdrItemRef[]): Promise<Map<string, string>> {
  const ids = (kind: MdrItemRef["kind"]) => [...new Set(items.filter((i) => i.kind === kind).map((i) => i.id))];
  const labels = new Map<string, string>();
  for (const a of await repo.alertNames(ctx.db, tenantId, ids("alert"))) labels.set(`alert:${a.id}`, a.name);
  for (const i of await repo.incidentTitles(ctx.db, tenantId, ids("incident")))
    labels.set(`incident:${i.id}`, `#${i.number} ${i.title}`);
  return labels;
}

const handoverOut = (row: MdrHandoversTable, labels: Map<string, string>): MdrHandover => ({
  id: row.id,
  tenantId: row.tenant_id,
  shift: row.shift,
  openWork: row.open_work,
  watch: row.watch,
  items: parseItems(row.items).map((i) => ({ ...i, label: labels.get(`${i.kind}:${i.id}`) ?? null })),
  authorName: row.author_name,
  createdAt: iso(Number(row.created_at)),
});

/** A note for the next shift; every item it names must be an alert or incident of its tenant. */
export async function createHandover(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  body: MdrHandoverBody,
): Promise<MdrHandover> {
  const input = mdrHandoverBodySchema.parse(body);
  assertTenantInScope(scope, input.tenantId);
  const items = [...new Map(input.items.map((i) => [`${i.kind}:${i.id}`, i])).values()];
  const labels = await itemLabels(ctx, input.tenantId, items);
  const missing = items.findIndex((i) => !labels.has(`${i.kind}:${i.id}`));
  if (missing >= 0) throw invalid(`items.${missing}.id`, `no ${items[missing]?.kind} with this id in the tenant`);
  const row: MdrHandoversTable = {
    id: newId(),
    tenant_id: input.tenantId,
    shift: input.shift,
    open_work: input.openWork,
    watch: input.watch,
    items: JSON.stringify(items),
    author_id: doer.userId,
    author_name: doer.name,
    created_at: ctx.now(),
  };
  await repo.insertHandover(ctx.db, row);
  return handoverOut(row, labels);
}

export async function listHandovers(ctx: AppContext, scope: TenantScope, query: { tenantId?: string; limit: number }) {
  const tenantIds = tenantsOf(scope, query.tenantId);
  const rows = await repo.listHandovers(ctx.db, tenantIds, query.limit);
  const items: MdrHandover[] = [];
  const labelsOf = new Map<string, Map<string, string>>();
  for (const tenantId of new Set(rows.map((r) => r.tenant_id)))
    labelsOf.set(
      tenantId,
      await itemLabels(
        ctx,
        tenantId,
        rows.filter((r) => r.tenant_id === tenantId).flatMap((r) => parseItems(r.items)),
      ),
    );
  for (const r of rows) items.push(handoverOut(r, labelsOf.get(r.tenant_id) ?? new Map()));
  return { items };
}

// -- contacts and escalation matrix ---------------------------------------------------------

const contactOut = (c: MdrContactsTable): MdrContact => ({
  id: c.id,
  tenantId: c.tenant_id,
  name: c.name,
  role: c.role,
  email: c.email,
  phone: c.phone,
});

export async function escalationSettings(ctx: AppContext, scope: TenantScope, tenantId: string): Promise<MdrEscalationSettings> {
  assertTenantInScope(scope, tenantId);
  const contacts = await repo.listContacts(ctx.db, [tenantId]);
  const matrix = await repo.listMatrix(ctx.db, [tenantId]);
  return {
    tenantId,
    contacts: contacts.map(contactOut),
    matrix: matrix.map((m) => ({ priority: m.priority as Priority, contactId: m.contact_id, channel: m.channel as MdrChannel })),
  };
}

export async function addContact(ctx: AppContext, scope: TenantScope, body: MdrContactBody): Promise<MdrContact> {
  const input = mdrContactBodySchema.parse(body);
  assertTenantInScope(scope, input.tenantId);
  const row: MdrContactsTable = {
    id: newId(),
    tenant_id: input.tenantId,
    name: input.name,
    role: input.role || null,
    email: input.email || null,
    phone: input.phone || null,
    created_at: ctx.now(),
  };
  await repo.insertContact(ctx.db, row);
  return contactOut(row);
}

export async function removeContact(ctx: AppContext, scope: TenantScope, id: string): Promise<void> {
  const contact = await repo.findContact(ctx.db, scope.tenantIds, id);
  if (!contact) throw notFound("Contact");
  await repo.deleteContact(ctx.db, contact.tenant_id, id);
}

/** Replaces the tenant's matrix: one contact and channel per priority, contacts of the tenant. */
export async function setMatrix(ctx: AppContext, scope: TenantScope, body: MdrMatrixBody): Promise<MdrEscalationSettings> {
  assertTenantInScope(scope, body.tenantId);
  const seen = new Set<string>();
  for (const [i, row] of body.rows.entries()) {
    if (seen.has(row.priority)) throw invalid(`rows.${i}.priority`, "this priority is already in the matrix");
    seen.add(row.priority);
    if (!(await repo.findContact(ctx.db, [body.tenantId], row.contactId)))
      throw invalid(`rows.${i}.contactId`, "no such contact in the tenant");
  }
  await ctx.db.transaction().execute((trx) => repo.replaceMatrix(trx, body.tenantId, body.rows));
  return escalationSettings(ctx, scope, body.tenantId);
}

// -- escalations ----------------------------------------------------------------------------

const escalationOut = (e: MdrEscalationsTable): MdrEscalation => ({
  id: e.id,
  tenantId: e.tenant_id,
  subject: e.subject,
  priority: e.priority as Priority,
  contactName: e.contact_name,
  channel: e.channel as MdrChannel,
  note: e.note,
  toldAt: iso(Number(e.told_at)),
  recordedBy: e.recorded_by,
  acknowledgedAt: isoOrNull(e.acknowledged_at == null ? null : Number(e.acknowledged_at)),
  acknowledgedBy: e.acknowledged_by,
});

/**
 * Records that the client was told: the contact and channel given, else the matrix's for the
 * priority (none there: the field is asked for). The contact's name is kept as it was then.
 */
export async function recordEscalation(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  body: MdrEscalationBody,
): Promise<MdrEscalation> {
  const input = mdrEscalationBodySchema.parse(body);
  assertTenantInScope(scope, input.tenantId);
  const matrix = (await repo.listMatrix(ctx.db, [input.tenantId])).find((m) => m.priority === input.priority);
  const contactId = input.contactId ?? matrix?.contact_id;
  if (!contactId) throw invalid("contactId", "name a contact: the escalation matrix has none for this priority");
  const contact = await repo.findContact(ctx.db, [input.tenantId], contactId);
  if (!contact) throw invalid("contactId", "no such contact in the tenant");
  const channel = input.channel ?? (matrix?.contact_id === contactId ? (matrix.channel as MdrChannel) : undefined);
  if (!channel) throw invalid("channel", "say how the contact was told");
  const now = ctx.now();
  const toldAt = input.toldAt ? Date.parse(input.toldAt) : now;
  if (toldAt > now) throw invalid("toldAt", "must not be in the future");
  const row: MdrEscalationsTable = {
    id: newId(),
    tenant_id: input.tenantId,
    subject: input.subject,
    priority: input.priority,
    contact_name: contact.name,
    channel,
    note: input.note || null,
    told_at: toldAt,
    recorded_by: doer.name,
    acknowledged_at: null,
    acknowledged_by: null,
    created_at: now,
  };
  await repo.insertEscalation(ctx.db, row);
  return escalationOut(row);
}

export async function listEscalations(ctx: AppContext, scope: TenantScope, query: { tenantId?: string; limit: number }) {
  const rows = await repo.listEscalations(ctx.db, tenantsOf(scope, query.tenantId), query.limit);
  return { items: rows.map(escalationOut) };
}

/** The client's acknowledgement: who on their side, and when (not before they were told). */
export async function acknowledge(
  ctx: AppContext,
  scope: TenantScope,
  id: string,
  body: MdrAcknowledgeBody,
): Promise<MdrEscalation> {
  const input = mdrAcknowledgeBodySchema.parse(body);
  const found = await repo.findEscalation(ctx.db, scope.tenantIds, id);
  if (!found) throw notFound("Escalation");
  if (found.acknowledged_at != null) throw conflict("The client has already acknowledged this escalation.");
  const now = ctx.now();
  const at = input.acknowledgedAt ? Date.parse(input.acknowledgedAt) : now;
  if (at > now) throw invalid("acknowledgedAt", "must not be in the future");
  if (at < Number(found.told_at)) throw invalid("acknowledgedAt", "must not be before the client was told");
  await repo.acknowledgeEscalation(ctx.db, found.tenant_id, id, at, input.acknowledgedBy);
  return escalationOut({ ...found, acknowledged_at: at, acknowledged_by: input.acknowledgedBy });
}
