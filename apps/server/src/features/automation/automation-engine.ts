import { randomUUID } from "node:crypto";
import {
  type AutomationAction,
  type AutomationTrigger,
  type Condition,
  priorityRank,
  type Priority,
  slaAtRiskShare,
  triggerSubject,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { recordEvent } from "../../db/automation-outbox.repository";
import type { AutomationRulesTable } from "../../db/tables";
import { tenantsWithModule } from "../../http/entitlements.repository";
import { yieldToEventLoop } from "../../lib/yield";
import {
  type ActionResult,
  runAlertAction,
  runComplianceAction,
  runContext,
  runFindingAction,
  runIncidentAction,
  TagBatch,
} from "./automation-actions";
import * as repo from "./automation.repository";
import { compileCondition, type Predicate, type SubjectValues } from "./conditions";
import { type OutboxEvent, OutboxConsumer } from "./outbox-consumer";
import { alertValues, complianceValues, findingValues, incidentValues } from "./subjects";

/**
 * Runs the rules (docs/automation.md, "How rules run"). Events wait in the automation outbox,
 * written with the changes they report; a change committed on this server wakes the engine
 * (lib/events.ts), and the job runner's sweep wakes it for events nobody answered (a restart, a
 * server that died). It claims events in small batches (outbox-consumer.ts) and answers them one
 * after another off the request, so ingestion never waits for a rule. For each subject the tenant's
 * enabled rules for the trigger run in order; a rule that matches is recorded once per (rule,
 * event) before it acts, and "stop after this rule" ends the subject's turn. An event leaves the
 * outbox once answered; one answered again after a crash finds its runs recorded and acts no more.
 */

export interface CompiledRule {
  row: AutomationRulesTable;
  matches: Predicate;
  actions: AutomationAction[];
  /** Whether the condition reads tags (loading them costs a query per chunk). */
  readsTags: boolean;
}

/** Rules are re-read at least this often, so another server's edits are seen. */
const RULE_CACHE_MS = 5_000;
const SUBJECT_CHUNK = 500;
/** Open alerts a scheduled rule looks at per run, oldest first. */
const SCHEDULE_LIMIT = 2_000;

export class AutomationEngine {
  private readonly outbox: OutboxConsumer;
  private readonly cache = new Map<string, { at: number; rules: CompiledRule[] }>();
  private readonly compiled = new Map<string, CompiledRule>();
  private unsubscribe: (() => void) | null = null;
  private log: (error: unknown, message: string) => void = () => undefined;

  constructor(private readonly ctx: AppContext) {
    this.outbox = new OutboxConsumer(ctx, (event) => this.answer(event));
  }

  /** Listens for this server's changes and answers what the outbox already holds. */
  start(log: (error: unknown, message: string) => void): void {
    this.log = log;
    this.unsubscribe ??= this.ctx.events.onDomainEvent((event) => {
      if (!event.byAutomation) this.outbox.wake();
    });
    this.outbox.start(log);
  }

  /** Claims nothing more; a batch already claimed is answered first (idle() waits for it). */
  stop(): void {
    this.outbox.stop();
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Resolves once no event is being answered (tests, and a clean shutdown). */
  idle(): Promise<void> {
    return this.outbox.idle();
  }

  /**
   * Answers every event the outbox holds that is not claimed elsewhere (the job runner's sweep):
   * those of a server that stopped before answering, or whose wake-up was lost. Returns how many.
   */
  sweep(): Promise<number> {
    return this.outbox.sweep();
  }

  /** Events this engine answered since it was made (tests compare two engines' shares). */
  get eventsAnswered(): number {
    return this.outbox.eventsAnswered;
  }

  /** Forgets cached rules (after this server changed one). */
  invalidate(): void {
    this.cache.clear();
    this.compiled.clear();
  }

  private async rulesFor(tenantId: string, trigger: AutomationTrigger): Promise<CompiledRule[]> {
    const key = `${tenantId}\u0000${trigger}`;
    const cached = this.cache.get(key);
    if (cached && this.ctx.now() - cached.at < RULE_CACHE_MS && cached.at <= this.ctx.now()) return cached.rules;
    // A tenant without the Automation module runs no rules (docs/modules.md).
    const entitled = (await tenantsWithModule(this.ctx.db, [tenantId], "automation")).length > 0;
    const rows = entitled ? await repo.enabledRules(this.ctx.db, tenantId, trigger) : [];
    // Re-read every few seconds, compiled only when changed (RE2 patterns cost to compile).
    const rules: CompiledRule[] = [];
    for (const row of rows) {
      const known = this.compiled.get(row.id);
      if (known && known.row.updated_at === row.updated_at && known.row.position === row.position) {
        rules.push(known);
        continue;
      }
      const [fresh] = compileRules([row], (error) => this.log(error, `automation rule ${row.id} does not compile`));
      if (fresh) {
        this.compiled.set(row.id, fresh);
        rules.push(fresh);
      }
    }
    this.cache.set(key, { at: this.ctx.now(), rules });
    return rules;
  }

  private async answer(event: OutboxEvent): Promise<void> {
    const rules = await this.rulesFor(event.tenantId, event.type);
    if (rules.length === 0) return;
    // Created and breached happen once per item: their key is the item, so a repeat is a no-op.
    const eventKey = (id: string) =>
      event.type === "alert.created" ||
      event.type === "alert.sla_breached" ||
      event.type === "alert.sla_at_risk" ||
      event.type === "incident.created" ||
      event.type === "finding.created" ||
      event.type === "finding.known_exploited" ||
      event.type === "compliance.newly_failing"
        ? `${event.type}:${id}`
        : `${event.type}:${event.seq}:${id}`;
    const changed = event.changed ?? [];
    const readsTags = rules.some((r) => r.readsTags);
    for (let i = 0; i < event.ids.length; i += SUBJECT_CHUNK) {
      const ids = event.ids.slice(i, i + SUBJECT_CHUNK);
      const planned: Planned[] = [];
      if (triggerSubject[event.type] === "alert") {
        const rows = await repo.alertsByIds(this.ctx.db, event.tenantId, ids);
        const tags = readsTags ? await repo.tagsOf(this.ctx.db, event.tenantId, ids) : new Map<string, string[]>();
        for (const row of rows) {
          const values = alertValues(row, tags.get(row.id) ?? [], changed, this.ctx.now());
          plan(planned, rules, values, eventKey(row.id), row.id, row.name, (run, action) => runAlertAction(run, action, row));
        }
      } else if (triggerSubject[event.type] === "compliance") {
        for (const row of await repo.complianceResultsByIds(this.ctx.db, event.tenantId, ids))
          plan(planned, rules, complianceValues(row), eventKey(row.id), row.id, row.title, (run, action) =>
            runComplianceAction(run, action, row),
          );
      } else if (triggerSubject[event.type] === "finding") {
        for (const row of await repo.findingsByIds(this.ctx.db, event.tenantId, ids))
          plan(planned, rules, findingValues(row), eventKey(row.id), row.id, row.title, (run, action) =>
            runFindingAction(run, action, row),
          );
      } else {
        for (const row of await repo.incidentsByIds(this.ctx.db, event.tenantId, ids)) {
          const values = incidentValues(row, priorityRank[row.priority as Priority] ?? 0, changed);
          plan(planned, rules, values, eventKey(row.id), row.id, row.title, (run, action) => runIncidentAction(run, action, row));
        }
      }
      await this.execute(planned, event.type, event.tenantId);
      await yieldToEventLoop();
    }
  }

  /**
   * Hands alerts whose SLA has just gone "at risk" (75 % of a step's window passed) to the rules
   * for that trigger, once per alert (a claim). Runs on the SLA check's timer, only while some
   * rule answers the trigger. Returns how many alerts were handed over.
   */
  async checkAtRisk(): Promise<number> {
    if (!(await repo.anyEnabledRule(this.ctx.db, "alert.sla_at_risk"))) return 0;
    let handed = 0;
    for (;;) {
      const candidates = await repo.alertsNewlyAtRisk(this.ctx.db, this.ctx.now(), slaAtRiskShare, 500);
      if (candidates.length === 0) break;
      const now = this.ctx.now();
      // The claim and its events commit together: a crash between them loses no alert.
      const claimed = await this.ctx.db.transaction().execute(async (trx) => {
        const claims = await repo.claimAtRisk(trx, candidates, now);
        const byTenant = new Map<string, string[]>();
        for (const c of claims) byTenant.set(c.tenant_id, [...(byTenant.get(c.tenant_id) ?? []), c.id]);
        for (const [tenantId, ids] of byTenant) await recordEvent(trx, { type: "alert.sla_at_risk", tenantId, ids }, now);
        return claims;
      });
      if (claimed.length > 0) this.outbox.wake();
      handed += claimed.length;
      if (candidates.length < 500) break;
      await yieldToEventLoop();
    }
    return handed;
  }

  /** Scheduled rules that are due: each looks at open alerts of its tenants (one run per slot). */
  async runScheduled(): Promise<number> {
    const now = this.ctx.now();
    let runs = 0;
    for (const row of await repo.dueScheduledRules(this.ctx.db, now)) {
      const slot = Number(row.next_run_at);
      await repo.updateRule(this.ctx.db, row.id, { next_run_at: now + (row.every_minutes ?? 60) * 60_000 });
      const [rule] = compileRules([row], (error) => this.log(error, `automation rule ${row.id} does not compile`));
      if (!rule) continue;
      for (const tenantId of await tenantsWithModule(this.ctx.db, row.tenant_ids, "automation")) {
        const alerts = await repo.openAlerts(this.ctx.db, [tenantId], SCHEDULE_LIMIT);
        const tags = await repo.tagsOf(
          this.ctx.db,
          tenantId,
          alerts.map((a) => a.id),
        );
        const planned: Planned[] = [];
        for (const alert of alerts) {
          const values = alertValues(alert, tags.get(alert.id) ?? [], [], now);
          plan(planned, [rule], values, `schedule:${slot}:${alert.id}`, alert.id, alert.name, (run, action) =>
            runAlertAction(run, action, alert),
          );
        }
        runs += planned.length;
        await this.execute(planned, "schedule", tenantId);
      }
    }
    return runs;
  }

  /**
   * Records the planned runs in one statement (each once per rule and event), takes the actions
   * of those this call recorded, in order, and writes their outcomes in one statement.
   */
  private async execute(planned: Planned[], trigger: AutomationTrigger, tenantId: string): Promise<void> {
    if (planned.length === 0) return;
    const at = this.ctx.now();
    const withIds = planned.map((p) => ({ ...p, id: randomUUID() }));
    const claimed = await repo.claimRuns(
      this.ctx.db,
      withIds.map((p) => ({
        id: p.id,
        rule_id: p.rule.row.id,
        tenant_id: tenantId,
        trigger,
        subject_id: p.subjectId,
        subject_name: p.subjectName.slice(0, 300),
        event_key: p.eventKey,
        at,
        outcome: "running",
        actions: "[]",
      })),
    );
    const finished: { id: string; subjectId: string; outcome: string; results: ActionResult[] }[] = [];
    // The chunk's tag writes go in one transaction at its end (TagBatch).
    const tagged = withIds.filter((p) => claimed.has(p.id) && p.rule.actions.some((a) => a.type === "addTags"));
    const tags = new TagBatch(
      tagged.length ? await repo.tagsOf(this.ctx.db, tenantId, [...new Set(tagged.map((p) => p.subjectId))]) : new Map(),
    );
    for (const p of withIds) {
      if (!claimed.has(p.id)) continue;
      const run = runContext(this.ctx, p.rule.row, trigger, tenantId, tags);
      const results: ActionResult[] = [];
      for (const action of p.rule.actions) {
        try {
          results.push({ type: action.type, ok: true, detail: await p.act(run, action) });
        } catch (error) {
          results.push({ type: action.type, ok: false, detail: error instanceof Error ? error.message : String(error) });
        }
      }
      finished.push({ id: p.id, subjectId: p.subjectId, outcome: outcomeOf(results), results });
    }
    const untagged = await tags.write(this.ctx);
    for (const f of finished) {
      const why = untagged.get(f.subjectId);
      if (!why) continue;
      const results = f.results.map((r) => (r.type === "addTags" && r.ok ? { ...r, ok: false, detail: why } : r));
      f.outcome = outcomeOf(results);
      f.results = results;
    }
    await repo.finishRuns(
      this.ctx.db,
      finished.map((f) => ({ id: f.id, outcome: f.outcome, actions: JSON.stringify(f.results) })),
    );
  }
}

function outcomeOf(results: readonly ActionResult[]): string {
  const failed = results.filter((r) => !r.ok).length;
  return failed === 0 ? "done" : failed === results.length ? "failed" : "partial";
}

type Act = (run: ReturnType<typeof runContext>, action: AutomationAction) => Promise<string>;
interface Planned {
  rule: CompiledRule;
  eventKey: string;
  subjectId: string;
  subjectName: string;
  act: Act;
}

/** The rules that match one subject, in order, up to the first that stops the rest. */
function plan(
  into: Planned[],
  rules: readonly CompiledRule[],
  values: SubjectValues,
  eventKey: string,
  subjectId: string,
  subjectName: string,
  act: Act,
): void {
  for (const rule of rules) {
    if (!rule.matches(values)) continue;
    into.push({ rule, eventKey, subjectId, subjectName, act });
    if (rule.row.stop_after === 1) break;
  }
}

export function compileRules(
  rows: AutomationRulesTable[],
  onError: (error: unknown, row: AutomationRulesTable) => void,
): CompiledRule[] {
  const rules: CompiledRule[] = [];
  for (const row of rows) {
    try {
      const trigger = row.trigger as AutomationTrigger;
      const condition = JSON.parse(row.condition) as Condition;
      rules.push({
        row,
        matches: compileCondition(condition, triggerSubject[trigger]),
        actions: JSON.parse(row.actions) as AutomationAction[],
        readsTags: row.condition.includes('"field":"tags"'),
      });
    } catch (error) {
      onError(error, row);
    }
  }
  return rules;
}

const engines = new WeakMap<AppContext["db"], AutomationEngine>();

/** The engine of this app (one per database handle, like the rollup refresher). */
export function automationFor(ctx: AppContext): AutomationEngine {
  let engine = engines.get(ctx.db);
  if (!engine) {
    engine = new AutomationEngine(ctx);
    engines.set(ctx.db, engine);
  }
  return engine;
}
