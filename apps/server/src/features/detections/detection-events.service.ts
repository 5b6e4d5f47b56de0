import { type AlertInput, type EventIngestReport, sigmaLevelPriority } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { yieldToEventLoop } from "../../lib/yield";
import { BULK_LIMIT } from "../alerts/bulk-body";
import type { Doer } from "../../http/actor";
import { invalid } from "../../http/errors";
import { ingestAlerts } from "../alerts/alert-ingest.service";
import * as repo from "./detections.repository";
import { tenantMap } from "./detections.service";
import { EventBodyError, eventsOf } from "./event-body";
import { RuleSet } from "./rule-set";
import { EventShapeError, readEvent, type SigmaEvent } from "./sigma-event";
import { type CompiledRule, parseRuleFile } from "./sigma-rule";

/**
 * Compiled rules per tenant, kept while the tenant's detection version (bumped by every change
 * of its rules or logsource map, on any server) stays the same.
 */
const compiled = new Map<string, { version: number; rules: RuleSet }>();

export async function compiledRules(ctx: AppContext, tenantId: string): Promise<RuleSet> {
  const state = await repo.tenantState(ctx.db, tenantId);
  const version = Number(state?.version ?? 0);
  const cached = compiled.get(tenantId);
  if (cached && cached.version === version) return cached.rules;
  const { entries } = await tenantMap(ctx, tenantId);
  const rules: CompiledRule[] = [];
  for (const row of await repo.enabledRules(ctx.db, tenantId)) {
    // Stored rules compiled at import, and map edits that would break one are refused.
    for (const doc of parseRuleFile(row.source, entries)) if (doc.ok) rules.push(doc.rule);
  }
  const set = new RuleSet(rules);
  compiled.set(tenantId, { version, rules: set });
  return set;
}

const MAX_SOURCE_ID = 200;

/** The alert a match raises: keyed on (rule id, event id), so a re-sent event updates it. */
export function alertOfMatch(rule: CompiledRule, event: SigmaEvent, raw: unknown): AlertInput {
  let sourceId = `${rule.ruleId}|${event.id}`;
  if (sourceId.length > MAX_SOURCE_ID) sourceId = sourceId.slice(0, MAX_SOURCE_ID);
  const text = (name: string) => {
    const v = event.text(name);
    return v?.trim() ? v.trim().slice(0, 200) : null;
  };
  const when = event.time && !Number.isNaN(Date.parse(event.time)) ? new Date(Date.parse(event.time)).toISOString() : null;
  return {
    source: "sigma",
    sourceId,
    name: rule.title.slice(0, 500),
    rule: rule.ruleId,
    type: (rule.logsource.category ?? rule.logsource.service ?? rule.logsource.product ?? null)?.slice(0, 120) ?? null,
    priority: sigmaLevelPriority[rule.level],
    occurredAt: when,
    detectedAt: when,
    mitreTechniques: rule.techniques.slice(0, 50),
    tactics: rule.tactics,
    detectionSource: "Sigma",
    sourceTool: "Sigma",
    hostname: event.computer?.slice(0, 255) ?? null,
    username: text("User") ?? text("SubjectUserName") ?? text("user.name"),
    srcIp: (text("IpAddress") ?? text("SourceIp"))?.slice(0, 64) ?? null,
    description: rule.description?.slice(0, 10000) ?? null,
    raw,
  };
}

/**
 * Runs a body or file of raw events through the tenant's enabled rules. Matches become alerts
 * through the alert ingest (SLA, rollups, live feed); events that match nothing are counted.
 */
export async function ingestEvents(ctx: AppContext, tenantId: string, body: unknown, doer: Doer): Promise<EventIngestReport> {
  let items: unknown[];
  try {
    items = eventsOf(body);
  } catch (error) {
    if (error instanceof EventBodyError) throw invalid(error.field, error.reason);
    throw error;
  }
  const rules = await compiledRules(ctx, tenantId);
  const rejected: EventIngestReport["rejected"] = [];
  const alerts: AlertInput[] = [];
  const eventOfAlert: number[] = [];
  let matched = 0;
  // 50,000 events against a hundred rules take a second or more: other requests get their
  // turn every 500 events.
  for (const [index, raw] of items.entries()) {
    if (index > 0 && index % 500 === 0) await yieldToEventLoop();
    let event: SigmaEvent;
    try {
      event = readEvent(raw);
    } catch (error) {
      if (!(error instanceof EventShapeError)) throw error;
      rejected.push({ index, reason: error.message });
      continue;
    }
    const hits = rules.matching(event);
    if (hits.length) matched++;
    for (const rule of hits) {
      alerts.push(alertOfMatch(rule, event, raw));
      eventOfAlert.push(index);
    }
  }
  const received = items.length - rejected.length;
  const now = ctx.now();
  let created = 0;
  let updated = 0;
  // Several rules may match one event: say so plainly rather than as an alert-batch limit.
  if (alerts.length > BULK_LIMIT)
    throw invalid(
      "body",
      `these events raise ${alerts.length} alerts; at most ${BULK_LIMIT} a request: send fewer events at a time`,
    );
  if (alerts.length) {
    const outcome = await ingestAlerts(ctx, tenantId, alerts, doer, (trx) =>
      repo.countEvents(trx, tenantId, received, matched, now),
    );
    created = outcome.created;
    updated = outcome.updated;
    for (const r of outcome.rejected)
      rejected.push({
        index: eventOfAlert[r.index] ?? -1,
        reason: `its alert was refused: ${r.problems.map((p) => `${p.path} ${p.message}`).join("; ")}`,
      });
  } else {
    await repo.countEvents(ctx.db, tenantId, received, matched, now);
  }
  return {
    tenantId,
    received,
    matched,
    unmatched: received - matched,
    rulesEvaluated: rules.size,
    alertsCreated: created,
    alertsUpdated: updated,
    rejected,
  };
}
