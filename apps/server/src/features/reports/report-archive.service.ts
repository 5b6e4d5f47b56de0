import {
  type ReportArchiveEntry,
  type ReportArchivePage,
  type ReportKind,
  reportKindPermission,
  reportKinds,
  roleCan,
} from "@watchfloor/shared";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { decodeCursor, encodeCursor } from "../../http/cursor";
import { forbidden, notFound } from "../../http/errors";
import { iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
import * as repo from "./reports.repository";

/**
 * The report archive: every PDF generated is kept with who made it, when and with which
 * parameters, and audited in each of its tenants. An archived report is shown to the people
 * who may read its kind of report in every one of its tenants, and deleted by those who may
 * also change data there (analysts, admins, owners).
 */

export interface NewArchiveEntry {
  kind: ReportKind;
  title: string;
  subject: string;
  periodLabel: string | null;
  query: string;
  incidentId: string | null;
  tenants: { id: string; name: string }[];
  fileName: string;
  content: Buffer;
}

/** The tenants the caller may read each kind of report in (narrowed to the header's tenant, as every route is). */
export function readableTenants(request: FastifyRequest): Record<ReportKind, string[]> {
  const auth = request.auth;
  const memberships =
    auth?.kind === "session"
      ? auth.memberships.filter((m) => !request.scope.selected || m.tenantId === request.scope.selected)
      : [];
  return Object.fromEntries(
    reportKinds.map((kind) => [
      kind,
      memberships.filter((m) => roleCan(m.role, reportKindPermission[kind])).map((m) => m.tenantId),
    ]),
  ) as Record<ReportKind, string[]>;
}

function actorOf(request: FastifyRequest) {
  const auth = request.auth;
  return auth?.kind === "session" ? { userId: auth.userId, email: auth.email } : { userId: null, email: null };
}

/** Who made an archived report: a signed-in person, or a schedule on its creator's behalf. */
export interface ReportMaker {
  userId: string | null;
  email: string | null;
  name: string;
  ipAddress: string | null;
  /** Set for a scheduled report. */
  scheduleId?: string;
}

/** The person behind a request, as a report maker. */
export function makerOf(request: FastifyRequest, name: string): ReportMaker {
  return { ...actorOf(request), name, ipAddress: request.ip };
}

/** Stores a generated PDF and audits it in each of its tenants; returns the archive id. */
export async function archiveReport(ctx: AppContext, actor: ReportMaker, entry: NewArchiveEntry): Promise<string> {
  const id = newId();
  const now = ctx.now();
  const createdByName = actor.name;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertReport(
      trx,
      {
        id,
        kind: entry.kind,
        title: entry.title,
        subject: entry.subject,
        period_label: entry.periodLabel,
        query: entry.query,
        incident_id: entry.incidentId,
        tenant_count: entry.tenants.length,
        created_by: actor.userId,
        created_by_name: createdByName,
        created_at: now,
        file_name: entry.fileName,
        content_type: "application/pdf",
        size: entry.content.length,
        file: entry.content,
      },
      entry.tenants,
    );
    for (const tenant of entry.tenants) {
      await recordAudit(trx, {
        event: "report.generated",
        at: now,
        tenantId: tenant.id,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        ipAddress: actor.ipAddress,
        details: {
          reportId: id,
          ...(actor.scheduleId ? { scheduleId: actor.scheduleId } : {}),
          kind: entry.kind,
          title: entry.title,
          subject: entry.subject,
          period: entry.periodLabel,
          query: entry.query,
          incidentId: entry.incidentId,
          fileName: entry.fileName,
        },
      });
    }
  });
  return id;
}

type Row = Awaited<ReturnType<typeof repo.listReports>>[number];

async function entries(ctx: AppContext, rows: Row[]): Promise<ReportArchiveEntry[]> {
  const tenants = await repo.reportTenants(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as ReportKind,
    title: r.title,
    subject: r.subject,
    periodLabel: r.period_label,
    query: r.query,
    incidentId: r.incident_id,
    tenants: tenants.filter((t) => t.report_id === r.id).map((t) => ({ id: t.tenant_id, name: t.tenant_name })),
    createdAt: iso(Number(r.created_at)),
    createdBy: r.created_by_name,
    fileName: r.file_name,
    size: Number(r.size),
  }));
}

export async function listArchive(
  ctx: AppContext,
  request: FastifyRequest,
  query: { kind?: ReportKind; limit: number; cursor?: string },
): Promise<ReportArchivePage> {
  const rows = await repo.listReports(ctx.db, readableTenants(request), {
    kind: query.kind,
    limit: query.limit + 1,
    before: decodeCursor(query.cursor, "cursor"),
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await entries(ctx, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: Number(last.created_at), id: last.id }) : null,
  };
}

export async function archivedFile(ctx: AppContext, request: FastifyRequest, id: string) {
  const row = await repo.findReport(ctx.db, readableTenants(request), id);
  if (!row) throw notFound("Report");
  const file = await repo.reportFile(ctx.db, id);
  if (!file) throw notFound("Report");
  return { content: Buffer.from(file.file), fileName: file.file_name, contentType: file.content_type };
}

export async function deleteArchived(ctx: AppContext, request: FastifyRequest, id: string): Promise<void> {
  const row = await repo.findReport(ctx.db, readableTenants(request), id);
  if (!row) throw notFound("Report");
  const tenants = (await repo.reportTenants(ctx.db, [id])).map((t) => t.tenant_id);
  if (!tenants.every((t) => request.scope.tenantIds.includes(t)))
    throw forbidden("Deleting this report needs the right to change data in each of its tenants.");
  const actor = actorOf(request);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteReport(trx, id);
    for (const tenantId of tenants) {
      await recordAudit(trx, {
        event: "report.deleted",
        at: now,
        tenantId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        ipAddress: request.ip,
        details: {
          reportId: id,
          kind: row.kind,
          title: row.title,
          subject: row.subject,
          period: row.period_label,
          fileName: row.file_name,
        },
      });
    }
  });
}
