import type { CtemTask, CtemTaskCreate, CtemTaskUpdate } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Doer } from "../../http/actor";
import { invalid, notFound } from "../../http/errors";
import { days, iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
import { findingStates } from "../findings/findings.repository";
import { assertWorker } from "./ctem-owner";
import * as repo from "./ctem.repository";
import { scopeExposures } from "./ctem-exposures.service";

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A due day (YYYY-MM-DD) as the start of that UTC day. */
function dueAt(date: string): number {
  const due = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(due)) throw invalid("dueDate", "is not a date");
  return due;
}

async function taskRow(ctx: AppContext, row: repo.ScopeRow, taskId: string) {
  const task = await repo.task(ctx.db, row.tenant_id, row.id, taskId);
  if (!task) throw notFound("Task");
  return task;
}

/**
 * A scope's tasks with progress. As VM campaigns count it (docs/vm.md): only a linked finding
 * closed as Fixed (which only a later scan that no longer reports it sets) is done; findings
 * closed by hand show apart and are not progress; a finding a scan reports again reopens.
 */
export async function scopeTasks(ctx: AppContext, row: repo.ScopeRow): Promise<CtemTask[]> {
  const { tasks, links } = await repo.tasksOf(ctx.db, [row.tenant_id], row.id);
  const states = new Map(
    (await findingStates(ctx.db, [row.tenant_id], [...new Set(links.map((l) => l.finding_id))])).map((f) => [f.id, f]),
  );
  const now = ctx.now();
  return tasks.map((t) => {
    const mine = links.filter((l) => l.task_id === t.id).map((l) => states.get(l.finding_id));
    const done = mine.filter((f) => f?.status === "Closed" && f.close_reason === "Fixed").length;
    const closedOtherwise = mine.filter((f) => f?.status === "Closed" && f.close_reason !== "Fixed").length;
    const open = mine.length - done - closedOtherwise;
    return {
      id: t.id,
      title: t.title,
      owner: { id: t.owner_user_id, name: t.owner_name ?? null },
      dueDate: utcDate(Number(t.due_at)),
      createdAt: iso(Number(t.created_at)),
      total: mine.length,
      done,
      closedOtherwise,
      open,
      overdue: open > 0 && Number(t.due_at) + days(1) <= now,
    };
  });
}

/** A remediation task over open findings the scope exposes now, with an owner and a due date. */
export async function createTask(ctx: AppContext, doer: Doer, row: repo.ScopeRow, body: CtemTaskCreate) {
  await assertWorker(ctx, row.tenant_id, body.ownerUserId, "ownerUserId");
  const { exposures } = await scopeExposures(ctx, row);
  const exposed = new Set(exposures.map((e) => e.findingId).filter(Boolean));
  const wanted = [...new Set(body.findingIds)];
  if (wanted.some((id) => !exposed.has(id))) throw notFound("One or more open findings of this scope");
  const due = dueAt(body.dueDate);
  const now = ctx.now();
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertTask(
      trx,
      {
        id,
        tenant_id: row.tenant_id,
        scope_id: row.id,
        title: body.title,
        owner_user_id: body.ownerUserId,
        due_at: due,
        created_by: doer.userId,
        created_at: now,
      },
      wanted,
    );
    await recordAudit(trx, {
      event: "ctem.task_created",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      details: {
        scopeId: row.id,
        taskId: id,
        title: body.title,
        ownerUserId: body.ownerUserId,
        dueDate: body.dueDate,
        findings: wanted.length,
      },
    });
  });
  const task = (await scopeTasks(ctx, row)).find((t) => t.id === id);
  if (!task) throw notFound("Task");
  return task;
}

/** Renames a task, or changes its owner or due day (its findings stay); only what differs is audited. */
export async function updateTask(ctx: AppContext, doer: Doer, row: repo.ScopeRow, taskId: string, body: CtemTaskUpdate) {
  const task = await taskRow(ctx, row, taskId);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const set: Parameters<typeof repo.updateTask>[3] = {};
  if (body.title !== undefined && body.title !== task.title) {
    changes.title = { from: task.title, to: body.title };
    set.title = body.title;
  }
  if (body.ownerUserId !== undefined && body.ownerUserId !== task.owner_user_id) {
    await assertWorker(ctx, row.tenant_id, body.ownerUserId, "ownerUserId");
    changes.ownerUserId = { from: task.owner_user_id, to: body.ownerUserId };
    set.owner_user_id = body.ownerUserId;
  }
  if (body.dueDate !== undefined && dueAt(body.dueDate) !== Number(task.due_at)) {
    changes.dueDate = { from: utcDate(Number(task.due_at)), to: body.dueDate };
    set.due_at = dueAt(body.dueDate);
  }
  if (Object.keys(changes).length > 0) {
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      await repo.updateTask(trx, row.tenant_id, task.id, set);
      await recordAudit(trx, {
        event: "ctem.task_changed",
        at: now,
        tenantId: row.tenant_id,
        actorUserId: doer.userId,
        details: { scopeId: row.id, taskId: task.id, title: set.title ?? task.title, changes },
      });
    });
  }
  const updated = (await scopeTasks(ctx, row)).find((t) => t.id === task.id);
  if (!updated) throw notFound("Task");
  return updated;
}

/** Deletes a task and its finding links in one transaction; the findings themselves stay. */
export async function deleteTask(ctx: AppContext, doer: Doer, row: repo.ScopeRow, taskId: string): Promise<void> {
  const task = await taskRow(ctx, row, taskId);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteTask(trx, row.tenant_id, task.id);
    await recordAudit(trx, {
      event: "ctem.task_deleted",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      details: {
        scopeId: row.id,
        taskId: task.id,
        title: task.title,
        ownerUserId: task.owner_user_id,
        dueDate: utcDate(Number(task.due_at)),
        findings: Number(task.findings ?? 0),
      },
    });
  });
}
