import {
  type AutomationAction,
  type AutomationTrigger,
  type IncidentStatus,
  isOpenStatus,
  WEBHOOK_PAYLOAD_VERSION,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { AutomationRulesTable } from "../../db/tables";
import type { Doer } from "../../http/actor";
import type { TenantScope } from "../../http/policy";
import { configuredBase } from "../../http/public-url";
import { iso } from "../../lib/time";
import { assignAlert, reprioritiseAlert, transitionAlert } from "../alerts/alerts.service";
import { assignFinding } from "../findings/findings.service";
import { escalate, updateIncidentFields } from "../incidents/incidents.service";
import { insertNotifications } from "../notifications/notifications.repository";
import { addTimeline, type TimelineEntry } from "../timeline/timeline.repository";
import { memberOf, userEmails } from "../users/users.repository";
import { queueJob } from "../jobs/jobs.service";
import { type Mail, MAIL_JOB } from "../../lib/mail";
import { newId } from "../../lib/tokens";
import type { WebhookEvent } from "../webhooks/webhook-payload";
import { enqueueDelivery } from "../webhooks/webhooks.service";
import * as repo from "./automation.repository";

/**
 * What each action does (docs/automation.md, "Actions"). Actions go through the same services as
 * people's changes (the workflow's moves, SLA due times, timelines, notifications), as the rule.
 */

export interface ActionResult {
  type: string;
  ok: boolean;
  detail: string;
}

export interface RunContext {
  ctx: AppContext;
  rule: AutomationRulesTable;
  trigger: AutomationTrigger;
  tenantId: string;
  doer: Doer;
  scope: TenantScope;
  /** Tag writes of the chunk being answered, written together at its end (see TagBatch). */
  tags: TagBatch;
}

/**
 * The tags rules add to one chunk of alerts, written in one transaction when the chunk is done
 * instead of two auto-committed statements per action (a commit each on SQLite). Nothing a later
 * action of the chunk does reads tags, and conditions were evaluated before any action ran.
 */
export class TagBatch {
  private readonly rows: { alert_id: string; tenant_id: string; tag: string }[] = [];
  private readonly entries: TimelineEntry[] = [];

  /** `existing`: each alert's tags before the chunk (read once for the chunk). */
  constructor(private readonly existing: Map<string, string[]>) {}

  /** Adds the tags an alert lacks; returns them. */
  add(tenantId: string, alertId: string, tags: readonly string[], entry: Omit<TimelineEntry, "changes">): string[] {
    const have = new Set(this.existing.get(alertId) ?? []);
    const fresh = [...new Set(tags)].filter((t) => !have.has(t));
    if (fresh.length === 0) return fresh;
    this.existing.set(alertId, [...have, ...fresh]);
    for (const tag of fresh) this.rows.push({ alert_id: alertId, tenant_id: tenantId, tag });
    this.entries.push({ ...entry, changes: { tags: fresh } });
    return fresh;
  }

  /**
   * Writes the chunk's tags in one transaction. If that fails (an alert removed meanwhile), each
   * alert's are written on their own; returns the alerts whose tags could not be written, with why.
   */
  async write(ctx: AppContext): Promise<Map<string, string>> {
    const failed = new Map<string, string>();
    if (this.rows.length === 0) return failed;
    const save = (rows: typeof this.rows, entries: TimelineEntry[]) =>
      ctx.db.transaction().execute(async (trx) => {
        await repo.insertAlertTags(trx, rows);
        await addTimeline(trx, entries);
      });
    try {
      await save(this.rows, this.entries);
    } catch {
      for (const alertId of new Set(this.rows.map((r) => r.alert_id)))
        await save(
          this.rows.filter((r) => r.alert_id === alertId),
          this.entries.filter((e) => e.subjectId === alertId),
        ).catch((error: unknown) => failed.set(alertId, error instanceof Error ? error.message : String(error)));
    }
    return failed;
  }
}

export function runContext(
  ctx: AppContext,
  rule: AutomationRulesTable,
  trigger: AutomationTrigger,
  tenantId: string,
  tags: TagBatch = new TagBatch(new Map()),
): RunContext {
  return {
    ctx,
    rule,
    trigger,
    tenantId,
    doer: { userId: null, name: `Automation rule "${rule.name}"`, automated: true },
    scope: { tenantIds: [tenantId], memberTenantIds: [tenantId], selected: tenantId },
    tags,
  };
}

const alertLink = (ctx: AppContext, id: string) => `${configuredBase(ctx)}/dashboard/incidents/alerts/${id}`;
const incidentLink = (ctx: AppContext, id: string) => `${configuredBase(ctx)}/dashboard/incidents/cases/${id}`;

export async function runAlertAction(run: RunContext, action: AutomationAction, alert: repo.AlertSubjectRow): Promise<string> {
  const { ctx, scope, doer } = run;
  switch (action.type) {
    case "assign":
      await assignAlert(ctx, scope, doer, alert.id, action.userId);
      return `assigned to ${await nameOf(run, action.userId)}`;
    case "assignRoundRobin": {
      const turn = await repo.takeTurn(ctx.db, run.rule.id);
      const userId = action.userIds[turn % action.userIds.length] as string;
      await assignAlert(ctx, scope, doer, alert.id, userId);
      return `assigned to ${await nameOf(run, userId)} (turn ${turn + 1})`;
    }
    case "setPriority":
      return (await reprioritiseAlert(ctx, scope, doer, alert.id, action.priority))
        ? `priority ${alert.priority} → ${action.priority}`
        : `already ${action.priority}`;
    case "setStatus":
      if (alert.status === action.status) return `already ${action.status}`;
      await transitionAlert(ctx, scope, doer, alert.id, {
        status: action.status,
        comment: action.comment,
        ...(action.status === "Closed" ? { resolutionType: "Automated" as const } : {}),
      });
      return `status ${alert.status} → ${action.status}`;
    case "close": {
      if (alert.status === "Closed") return "already closed";
      const reason = { duplicate: "Duplicate", benign: "Benign", false_positive: "False positive" }[action.reason];
      await transitionAlert(ctx, scope, doer, alert.id, {
        status: "Closed",
        resolutionType: "Automated",
        closureNotes: `${reason}: ${action.note}`,
        comment: `Closed as ${reason.toLowerCase()} by ${doer.name}.`,
      });
      return `closed as ${reason.toLowerCase()}`;
    }
    case "addTags": {
      const added = run.tags.add(run.tenantId, alert.id, action.tags, {
        tenantId: run.tenantId,
        subjectType: "alert",
        subjectId: alert.id,
        at: ctx.now(),
        actorName: doer.name,
        kind: "updated",
      });
      return added.length ? `tagged ${added.join(", ")}` : "tags already there";
    }
    case "escalate": {
      if (alert.incident_id) return "already in an incident";
      const incident = await escalate(ctx, scope, doer, { alertIds: [alert.id] });
      return `opened incident ${incident.incident.reference}`;
    }
    case "group":
      return group(run, action, alert);
    case "notify":
      return notify(run, action, `alert "${alert.name.slice(0, 120)}"`, `/dashboard/incidents/alerts/${alert.id}`);
    case "webhook":
      return webhook(run, action.webhookId, {
        kind: "alert",
        id: alert.id,
        name: alert.name,
        priority: alert.priority,
        status: alert.status,
        link: alertLink(ctx, alert.id),
      });
  }
}

export async function runIncidentAction(
  run: RunContext,
  action: AutomationAction,
  incident: repo.IncidentSubjectRow,
): Promise<string> {
  switch (action.type) {
    case "setPriority":
      if (incident.priority === action.priority) return `already ${action.priority}`;
      await updateIncidentFields(run.ctx, run.scope, run.doer, incident.id, { priority: action.priority });
      return `priority ${incident.priority} → ${action.priority}`;
    case "notify":
      return notify(run, action, `incident "${incident.title.slice(0, 120)}"`, `/dashboard/incidents/cases/${incident.id}`);
    case "webhook":
      return webhook(run, action.webhookId, {
        kind: "incident",
        id: incident.id,
        name: incident.title,
        priority: incident.priority,
        status: incident.status,
        link: incidentLink(run.ctx, incident.id),
      });
    default:
      throw new Error(`"${action.type}" does not apply to incidents.`);
  }
}

export async function runFindingAction(
  run: RunContext,
  action: AutomationAction,
  finding: repo.FindingSubjectRow,
): Promise<string> {
  const link = `/dashboard/risk/vulnerabilities/findings/${finding.id}`;
  switch (action.type) {
    case "assign":
      await assignFinding(run.ctx, run.scope, run.doer, finding.id, action.userId);
      return `assigned to ${await nameOf(run, action.userId)}`;
    case "assignRoundRobin": {
      const turn = await repo.takeTurn(run.ctx.db, run.rule.id);
      const userId = action.userIds[turn % action.userIds.length] as string;
      await assignFinding(run.ctx, run.scope, run.doer, finding.id, userId);
      return `assigned to ${await nameOf(run, userId)} (turn ${turn + 1})`;
    }
    case "notify":
      return notify(run, action, `finding "${finding.title.slice(0, 120)}" on ${finding.asset_name ?? "an asset"}`, link);
    case "webhook":
      return webhook(run, action.webhookId, {
        kind: "finding",
        id: finding.id,
        name: finding.title,
        priority: finding.severity,
        status: finding.status,
        link: `${configuredBase(run.ctx)}${link}`,
      });
    default:
      throw new Error(`"${action.type}" does not apply to findings.`);
  }
}

export async function runComplianceAction(
  run: RunContext,
  action: AutomationAction,
  result: repo.ComplianceSubjectRow,
): Promise<string> {
  const link = `/compliance/targets/${encodeURIComponent(result.tenant_id)}/${encodeURIComponent(result.target_kind)}/${encodeURIComponent(result.target_id)}`;
  const what = `control "${result.title.slice(0, 120)}" (${result.tool} ${result.control_id}) newly failing on ${result.target_id}`;
  switch (action.type) {
    case "notify":
      return notify(run, action, what, link);
    case "webhook":
      return webhook(run, action.webhookId, {
        kind: "compliance",
        id: result.id,
        name: result.title,
        priority: result.severity,
        status: "fail",
        link: `${configuredBase(run.ctx)}${link}`,
      });
    default:
      throw new Error(`"${action.type}" does not apply to compliance results.`);
  }
}

async function nameOf(run: RunContext, userId: string): Promise<string> {
  return (await memberOf(run.ctx.db, run.tenantId, userId))?.displayName ?? "a former member";
}

/** Alert grouping: one open incident per rule and key within the window; later alerts join it. */
async function group(
  run: RunContext,
  action: Extract<AutomationAction, { type: "group" }>,
  alert: repo.AlertSubjectRow,
): Promise<string> {
  if (alert.incident_id) return "already in an incident";
  const values: Record<string, string | null> = {
    name: alert.name,
    rule: alert.rule,
    hostname: alert.hostname,
    username: alert.username,
    srcIp: alert.src_ip,
    dstIp: alert.dst_ip,
    source: alert.source,
  };
  const key = action.groupBy.map((f) => `${f}=${(values[f] ?? "").toLowerCase()}`).join("|");
  const { ctx, scope, doer } = run;
  const now = ctx.now();
  const open = await repo.findGroup(ctx.db, run.rule.id, run.tenantId, key);
  if (open && isOpenStatus(open.status as IncidentStatus) && now - Number(open.opened_at) <= action.windowMinutes * 60_000) {
    await escalate(ctx, scope, doer, { alertIds: [alert.id], incidentId: open.incident_id });
    return `grouped into the open incident for ${key}`;
  }
  const incident = await escalate(ctx, scope, doer, { alertIds: [alert.id] });
  await repo.saveGroup(ctx.db, run.rule.id, run.tenantId, key, incident.incident.id, now);
  return `opened incident ${incident.incident.reference} for ${key}`;
}

async function notify(
  run: RunContext,
  action: Extract<AutomationAction, { type: "notify" }>,
  what: string,
  link: string,
): Promise<string> {
  const members = await Promise.all(
    action.userIds.map(async (id) => ((await memberOf(run.ctx.db, run.tenantId, id)) ? id : null)),
  );
  const recipients = members.filter((id) => id !== null);
  if (recipients.length === 0) throw new Error("None of the people to notify is a member of this tenant any more.");
  const message = action.message ? `${action.message} (${what})` : `Rule "${run.rule.name}" matched ${what}.`;
  await insertNotifications(
    run.ctx.db,
    recipients.map((userId) => ({
      userId,
      tenantId: run.tenantId,
      kind: "automation" as const,
      message,
      link,
      at: run.ctx.now(),
    })),
  );
  // By mail too when the server has SMTP: queued, so a slow mail server never holds up the rules.
  const smtp = run.ctx.env.WATCHFLOOR_SMTP_URL;
  if (smtp) {
    const to = await userEmails(run.ctx.db, recipients);
    await queueJob(
      run.ctx,
      MAIL_JOB,
      `${run.rule.id}:${newId()}`,
      {
        to,
        subject: `[Watchfloor] ${run.rule.name}`,
        text: `${message}\n\n${configuredBase(run.ctx)}${link}\n\nSent by the automation rule "${run.rule.name}".`,
      } satisfies Mail,
      5,
    );
  }
  return `notified ${recipients.length} ${recipients.length === 1 ? "person" : "people"}${smtp ? " in the product and by e-mail" : ""}`;
}

async function webhook(run: RunContext, webhookId: string, subject: WebhookEvent["data"]["subject"]): Promise<string> {
  const id = await enqueueDelivery(run.ctx, {
    webhookId,
    tenantId: run.tenantId,
    ruleId: run.rule.id,
    event: {
      type: run.trigger,
      timestamp: iso(run.ctx.now()),
      data: { version: WEBHOOK_PAYLOAD_VERSION, tenantId: run.tenantId, rule: { id: run.rule.id, name: run.rule.name }, subject },
    },
  });
  return `webhook delivery ${id} queued`;
}
