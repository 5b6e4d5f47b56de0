import {
  type AutomationAction,
  type AutomationRule,
  type AutomationRuleBody,
  type AutomationRun,
  type AutomationTrigger,
  type Condition,
  type DryRunResult,
  errorCodes,
  type Priority,
  priorityRank,
  subjectActions,
  triggerSubject,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Doer } from "../../http/actor";
import { decodeCursor, encodeCursor } from "../../http/cursor";
import { AppError, forbidden, invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope } from "../../http/tenant-scope";
import { iso, isoOrNull } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
import { memberOf } from "../users/users.repository";
import { findWebhook, findWebhookAnywhere, listWebhooks } from "../webhooks/webhooks.repository";
import { automationFor } from "./automation-engine";
import * as repo from "./automation.repository";
import { ConditionError, compileCondition } from "./conditions";
import { alertValues, complianceValues, findingValues, incidentValues } from "./subjects";

const DAY = 24 * 60 * 60_000;
/** Subjects a dry run reads at most (the newest of the last 7 days). */
export const DRY_RUN_LIMIT = 20_000;

/** Checks a rule whole: the condition, and that every action fits the trigger and its tenants. */
async function validate(ctx: AppContext, scope: TenantScope, body: AutomationRuleBody): Promise<void> {
  for (const tenantId of body.tenantIds) assertTenantInScope(scope, tenantId);
  const subject = triggerSubject[body.trigger];
  try {
    compileCondition(body.condition, subject);
  } catch (error) {
    if (!(error instanceof ConditionError)) throw error;
    throw new AppError(400, errorCodes.validation, "The condition cannot be used.", error.problems);
  }
  if (body.trigger === "schedule" && !body.everyMinutes) throw invalid("everyMinutes", "is needed for a scheduled rule");
  for (const [i, action] of body.actions.entries()) {
    const at = `actions.${i}`;
    if (!subjectActions[subject].includes(action.type))
      throw invalid(
        `${at}.type`,
        `"${action.type}" does not apply to ${subject}s; use one of ${subjectActions[subject].join(", ")}`,
      );
    const people = action.type === "assign" ? [action.userId] : "userIds" in action ? action.userIds : [];
    for (const userId of people)
      for (const tenantId of body.tenantIds) {
        const member = await memberOf(ctx.db, tenantId, userId);
        if (!member || (action.type !== "notify" && member.role === "executive"))
          throw invalid(
            `${at}`,
            `${userId} is not ${action.type === "notify" ? "a member" : "an analyst"} of every tenant of this rule`,
          );
      }
    if (action.type === "webhook" && !(await findWebhook(ctx.db, body.tenantIds, action.webhookId)))
      throw invalid(`${at}.webhookId`, "is not a webhook of this rule's tenants");
  }
}

/**
 * A provider-wide rule may call a webhook of a tenant the reader does not see; that action is
 * left out of the reader's copy (counted in `hiddenActions`) so its id does not leak.
 */
async function visibleWebhooks(ctx: AppContext, scope: TenantScope, rows: readonly repo.RuleRow[]) {
  const partial = rows.some((r) => r.tenant_ids.some((t) => !scope.tenantIds.includes(t)));
  if (!partial) return null;
  return new Set((await listWebhooks(ctx.db, scope.tenantIds)).map((h) => h.id));
}

function toRule(
  row: repo.RuleRow,
  scope: TenantScope,
  stats: Awaited<ReturnType<typeof repo.runStats>>,
  webhooks: ReadonlySet<string> | null,
): AutomationRule {
  const actions = JSON.parse(row.actions) as AutomationAction[];
  const shown = actions.filter((a) => a.type !== "webhook" || !webhooks || webhooks.has(a.webhookId));
  const mine = stats.filter((s) => s.rule_id === row.id);
  const last = mine.reduce<number | null>((m, s) => (s.last_at == null ? m : Math.max(m ?? 0, Number(s.last_at))), null);
  return {
    id: row.id,
    tenantIds: row.tenant_ids.filter((t) => scope.memberTenantIds.includes(t)),
    name: row.name,
    description: row.description,
    position: row.position,
    enabled: row.enabled === 1,
    stopAfter: row.stop_after === 1,
    trigger: row.trigger as AutomationTrigger,
    everyMinutes: row.every_minutes,
    condition: JSON.parse(row.condition) as Condition,
    actions: shown,
    hiddenActions: actions.length - shown.length,
    ownerName: row.owner_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    matches: mine.reduce((n, s) => n + Number(s.n), 0),
    failures: mine.filter((s) => s.outcome === "failed" || s.outcome === "partial").reduce((n, s) => n + Number(s.n), 0),
    lastMatchAt: isoOrNull(last),
  };
}

export async function listRules(ctx: AppContext, scope: TenantScope) {
  const rows = await repo.listRules(ctx.db, scope.tenantIds);
  const stats = await repo.runStats(
    ctx.db,
    rows.map((r) => r.id),
    scope.tenantIds,
  );
  const webhooks = await visibleWebhooks(ctx, scope, rows);
  return { items: rows.map((r) => toRule(r, scope, stats, webhooks)) };
}

async function ruleInScope(ctx: AppContext, scope: TenantScope, id: string, manage: boolean): Promise<repo.RuleRow> {
  const row = await repo.findRule(ctx.db, id);
  if (!row?.tenant_ids.some((t) => scope.tenantIds.includes(t))) throw notFound("Rule");
  // A provider-wide rule is changed only by someone who manages automation in all its tenants.
  if (manage && !row.tenant_ids.every((t) => scope.tenantIds.includes(t)))
    throw forbidden("This rule also acts on tenants where you do not manage automation.");
  return row;
}

export async function getRule(ctx: AppContext, scope: TenantScope, id: string): Promise<AutomationRule> {
  const row = await ruleInScope(ctx, scope, id, false);
  return toRule(row, scope, await repo.runStats(ctx.db, [id], scope.tenantIds), await visibleWebhooks(ctx, scope, [row]));
}

const nextRun = (ctx: AppContext, body: AutomationRuleBody) =>
  body.trigger === "schedule" && body.everyMinutes ? ctx.now() + body.everyMinutes * 60_000 : null;

export async function createRule(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  body: AutomationRuleBody,
): Promise<AutomationRule> {
  await validate(ctx, scope, body);
  const now = ctx.now();
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertRule(
      trx,
      {
        id,
        name: body.name,
        description: body.description,
        position: (await repo.lastPosition(trx)) + 1,
        enabled: body.enabled ? 1 : 0,
        stop_after: body.stopAfter ? 1 : 0,
        trigger: body.trigger,
        every_minutes: body.trigger === "schedule" ? body.everyMinutes : null,
        condition: JSON.stringify(body.condition),
        actions: JSON.stringify(body.actions),
        owner_user_id: doer.userId,
        owner_name: doer.name,
        created_at: now,
        updated_at: now,
        next_run_at: nextRun(ctx, body),
        round_robin: 0,
      },
      body.tenantIds,
    );
    for (const tenantId of body.tenantIds)
      await recordAudit(trx, {
        event: "automation.rule_created",
        at: now,
        tenantId,
        actorUserId: doer.userId,
        details: { ruleId: id, name: body.name, trigger: body.trigger, enabled: body.enabled, tenants: body.tenantIds.length },
      });
  });
  automationFor(ctx).invalidate();
  return getRule(ctx, scope, id);
}

export async function replaceRule(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, body: AutomationRuleBody) {
  const before = await ruleInScope(ctx, scope, id, true);
  await validate(ctx, scope, body);
  const now = ctx.now();
  const hooks = await webhookTenants(ctx, [...JSON.parse(before.actions), ...body.actions]);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateRule(trx, id, {
      name: body.name,
      description: body.description,
      enabled: body.enabled ? 1 : 0,
      stop_after: body.stopAfter ? 1 : 0,
      trigger: body.trigger,
      every_minutes: body.trigger === "schedule" ? body.everyMinutes : null,
      condition: JSON.stringify(body.condition),
      actions: JSON.stringify(body.actions),
      updated_at: now,
      next_run_at: nextRun(ctx, body),
    });
    await repo.setRuleTenants(trx, id, body.tenantIds);
    for (const tenantId of new Set([...before.tenant_ids, ...body.tenantIds]))
      await recordAudit(trx, {
        event: "automation.rule_changed",
        at: now,
        tenantId,
        actorUserId: doer.userId,
        details: {
          ruleId: id,
          name: body.name,
          before: seenBy(tenantId, summary(before), hooks),
          after: seenBy(tenantId, body, hooks),
        },
      });
  });
  automationFor(ctx).invalidate();
  return getRule(ctx, scope, id);
}

/** The tenant each webhook these actions call belongs to. */
async function webhookTenants(ctx: AppContext, actions: AutomationAction[]): Promise<Map<string, string>> {
  const ids = [...new Set(actions.flatMap((a) => (a.type === "webhook" ? [a.webhookId] : [])))];
  const map = new Map<string, string>();
  for (const id of ids) {
    const hook = await findWebhookAnywhere(ctx.db, id);
    if (hook) map.set(id, hook.tenant_id);
  }
  return map;
}

/**
 * A rule as one of its tenants' audit log records it: only that tenant in `tenantIds`, and no
 * webhook of another tenant (the same redaction as `visibleWebhooks` for reads).
 */
function seenBy<R extends { tenantIds: readonly string[]; actions: unknown }>(
  tenantId: string,
  rule: R,
  hooks: ReadonlyMap<string, string>,
): R {
  const actions = rule.actions as AutomationAction[];
  const shown = actions.filter((a) => a.type !== "webhook" || hooks.get(a.webhookId) === tenantId);
  return {
    ...rule,
    tenantIds: rule.tenantIds.filter((t) => t === tenantId),
    actions: shown,
    ...(shown.length < actions.length ? { hiddenActions: actions.length - shown.length } : {}),
  };
}

const summary = (row: repo.RuleRow) => ({
  name: row.name,
  enabled: row.enabled === 1,
  trigger: row.trigger,
  condition: JSON.parse(row.condition) as unknown,
  actions: JSON.parse(row.actions) as unknown,
  tenantIds: row.tenant_ids,
});

export async function switchRule(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, enabled: boolean) {
  const row = await ruleInScope(ctx, scope, id, true);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateRule(trx, id, {
      enabled: enabled ? 1 : 0,
      updated_at: now,
      ...(row.trigger === "schedule" && enabled ? { next_run_at: now + (row.every_minutes ?? 60) * 60_000 } : {}),
    });
    for (const tenantId of row.tenant_ids)
      await recordAudit(trx, {
        event: "automation.rule_changed",
        at: now,
        tenantId,
        actorUserId: doer.userId,
        details: { ruleId: id, name: row.name, enabled },
      });
  });
  automationFor(ctx).invalidate();
  return getRule(ctx, scope, id);
}

export async function deleteRule(ctx: AppContext, scope: TenantScope, doer: Doer, id: string): Promise<void> {
  const row = await ruleInScope(ctx, scope, id, true);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteRule(trx, id);
    for (const tenantId of row.tenant_ids)
      await recordAudit(trx, {
        event: "automation.rule_deleted",
        at: ctx.now(),
        tenantId,
        actorUserId: doer.userId,
        details: { ruleId: id, name: row.name },
      });
  });
  automationFor(ctx).invalidate();
}

/**
 * Sets the run order of the rules the caller manages whole: those named first, in that order,
 * then the others as they were. They take the places they held between them, so rules the
 * caller cannot change (provider-wide ones over other tenants) keep theirs.
 */
export async function orderRules(ctx: AppContext, scope: TenantScope, doer: Doer, ruleIds: readonly string[]) {
  const named = await Promise.all(ruleIds.map((id) => ruleInScope(ctx, scope, id, true)));
  const managed = (await repo.listRules(ctx.db, scope.tenantIds)).filter((r) =>
    r.tenant_ids.every((t) => scope.tenantIds.includes(t)),
  );
  const rest = managed.filter((r) => !ruleIds.includes(r.id));
  const places = [...named, ...rest].map((r) => r.position).sort((a, b) => a - b);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    for (const [i, row] of [...named, ...rest].entries()) await repo.updateRule(trx, row.id, { position: places[i] ?? i + 1 });
    for (const tenantId of new Set(named.flatMap((r) => r.tenant_ids)))
      await recordAudit(trx, {
        event: "automation.rule_changed",
        at: now,
        tenantId,
        actorUserId: doer.userId,
        // Each tenant's log names only its own rules.
        details: { order: named.filter((r) => r.tenant_ids.includes(tenantId)).map((r) => r.id) },
      });
  });
  automationFor(ctx).invalidate();
  return listRules(ctx, scope);
}

export async function listRuns(ctx: AppContext, scope: TenantScope, ruleId: string, query: { cursor?: string; limit: number }) {
  await ruleInScope(ctx, scope, ruleId, false);
  const cursor = decodeCursor(query.cursor, "cursor");
  const rows = await repo.listRuns(ctx.db, ruleId, scope.tenantIds, cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(
      (r): AutomationRun => ({
        id: r.id,
        ruleId: r.rule_id,
        tenantId: r.tenant_id,
        trigger: r.trigger as AutomationTrigger,
        subjectId: r.subject_id,
        subjectName: r.subject_name,
        at: iso(Number(r.at)),
        outcome: r.outcome === "running" ? "partial" : (r.outcome as AutomationRun["outcome"]),
        actions: JSON.parse(r.actions),
      }),
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: Number(last.at), id: last.id }) : null,
  };
}

/** What the rule would have matched among the last 7 days' alerts (or incidents) of its tenants. */
export async function dryRun(ctx: AppContext, scope: TenantScope, body: AutomationRuleBody): Promise<DryRunResult> {
  await validate(ctx, scope, body);
  const subject = triggerSubject[body.trigger];
  const matches = compileCondition(body.condition, subject);
  const since = ctx.now() - 7 * DAY;
  const now = ctx.now();
  const examples: DryRunResult["examples"] = [];
  let matched = 0;
  let examined = 0;
  let total = 0;
  if (subject === "alert") {
    total = await repo.countRecentAlerts(ctx.db, body.tenantIds, since);
    const readsDescription = JSON.stringify(body.condition).includes('"field":"description"');
    const rows = await repo.recentAlerts(ctx.db, body.tenantIds, since, DRY_RUN_LIMIT, readsDescription);
    for (const tenantId of body.tenantIds) {
      const mine = rows.filter((r) => r.tenant_id === tenantId);
      const tags = await repo.tagsOf(
        ctx.db,
        tenantId,
        mine.map((r) => r.id),
      );
      for (const row of mine) {
        examined++;
        if (!matches(alertValues(row, tags.get(row.id) ?? [], [], now))) continue;
        matched++;
        if (examples.length < 10) examples.push({ id: row.id, tenantId, name: row.name, at: iso(row.created_at) });
      }
    }
  } else if (subject === "compliance") {
    const rows = await repo.recentFailingResults(ctx.db, body.tenantIds, since, DRY_RUN_LIMIT);
    total = rows.length;
    for (const row of rows) {
      examined++;
      if (!matches(complianceValues(row))) continue;
      matched++;
      if (examples.length < 10) examples.push({ id: row.id, tenantId: row.tenant_id, name: row.title, at: iso(row.created_at) });
    }
  } else if (subject === "finding") {
    const rows = await repo.recentFindings(ctx.db, body.tenantIds, since, DRY_RUN_LIMIT);
    total = rows.length;
    for (const row of rows) {
      examined++;
      if (!matches(findingValues(row))) continue;
      matched++;
      if (examples.length < 10) examples.push({ id: row.id, tenantId: row.tenant_id, name: row.title, at: iso(row.created_at) });
    }
  } else {
    const rows = await repo.recentIncidents(ctx.db, body.tenantIds, since, DRY_RUN_LIMIT);
    total = rows.length;
    for (const row of rows) {
      examined++;
      if (!matches(incidentValues(row, priorityRank[row.priority as Priority] ?? 0, []))) continue;
      matched++;
      if (examples.length < 10) examples.push({ id: row.id, tenantId: row.tenant_id, name: row.title, at: iso(row.created_at) });
    }
  }
  examples.sort((a, b) => b.at.localeCompare(a.at));
  return { examined, matched, capped: total > examined, examples };
}
