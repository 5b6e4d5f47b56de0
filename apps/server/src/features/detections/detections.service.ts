import {
  type DetectionMatchList,
  type DetectionRule,
  type DetectionRuleDetail,
  type DetectionStats,
  detectionLimits,
  type LogsourceMap,
  type LogsourceMapEntry,
  logsourceMapEntrySchema,
  type RuleImportReport,
  type RuleRefusal,
  type SigmaLevel,
  sigmaLevelPriority,
  type Tactic,
  errorCodes,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { recordAudit } from "../audit/audit.repository";
import type { DetectionRulesTable } from "../../db/tables";
import { AppError, invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { newId } from "../../lib/tokens";
import * as repo from "./detections.repository";
import { defaultLogsourceMap } from "./logsource-map";
import { RuleUploadError, ruleFilesOf } from "./rule-files";
import { type CompiledRule, parseRuleFile } from "./sigma-rule";

const iso = (ms: number) => new Date(ms).toISOString();
const json = <T>(text: string) => JSON.parse(text) as T;

/** The tenant's logsource map: the one it saved, or the built-in one. */
export async function tenantMap(ctx: AppContext, tenantId: string): Promise<{ custom: boolean; entries: LogsourceMapEntry[] }> {
  const state = await repo.tenantState(ctx.db, tenantId);
  if (!state?.logsource_map) return { custom: false, entries: defaultLogsourceMap };
  return { custom: true, entries: json<LogsourceMapEntry[]>(state.logsource_map).map((e) => logsourceMapEntrySchema.parse(e)) };
}

/**
 * Imports one YAML file (one or more rules) or a zip of rule files into a tenant. Each rule is
 * compiled first: one that uses anything unsupported is refused whole with the reason; the
 * others are stored in one transaction (a rule already there, by its Sigma id, is replaced and
 * keeps its enabled flag unless `enable` is asked).
 */
export async function importRules(
  ctx: AppContext,
  tenantId: string,
  body: Buffer,
  options: { filename?: string; enable: boolean; actorUserId: string | null },
): Promise<RuleImportReport> {
  let files: ReturnType<typeof ruleFilesOf>;
  try {
    files = ruleFilesOf(body, options.filename);
  } catch (error) {
    if (error instanceof RuleUploadError) throw invalid("file", error.message);
    throw error;
  }
  const { entries } = await tenantMap(ctx, tenantId);
  const refused: RuleRefusal[] = [];
  const accepted = new Map<string, { rule: CompiledRule; source: string; file: string }>();
  for (const file of files) {
    let parsed: ReturnType<typeof parseRuleFile>;
    try {
      parsed = parseRuleFile(file.text, entries);
    } catch (error) {
      refused.push({ file: file.name, ruleId: null, title: null, path: "yaml", reason: (error as Error).message });
      continue;
    }
    for (const doc of parsed) {
      if (doc.ok) accepted.set(doc.rule.ruleId, { rule: doc.rule, source: doc.source, file: file.name });
      else
        refused.push({ file: file.name, ruleId: doc.ruleId, title: doc.title, path: doc.error.path, reason: doc.error.reason });
    }
  }
  const now = ctx.now();
  const ids = [...accepted.keys()];
  let created = 0;
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.existingRuleIds(trx, tenantId, ids);
    created = ids.filter((id) => !existing.has(id)).length;
    if ((await repo.countRules(trx, tenantId)) + created > detectionLimits.rulesPerTenant)
      throw invalid("file", `would take the tenant past ${detectionLimits.rulesPerTenant} rules`);
    for (const { rule, source, file } of accepted.values()) {
      await repo.upsertRule(trx, ruleRow(tenantId, rule, source, file, options.enable, now), !options.enable);
    }
    if (ids.length) await repo.bumpVersion(trx, tenantId, now);
    await recordAudit(trx, {
      event: "detection.rules_imported",
      at: now,
      tenantId,
      actorUserId: options.actorUserId,
      details: {
        file: options.filename ?? null,
        created,
        updated: ids.length - created,
        refused: refused.length,
        enabled: options.enable,
      },
    });
  });
  return { tenantId, files: files.length, created, updated: ids.length - created, refused };
}

function ruleRow(
  tenantId: string,
  rule: CompiledRule,
  source: string,
  file: string,
  enable: boolean,
  now: number,
): DetectionRulesTable {
  return {
    id: newId(),
    tenant_id: tenantId,
    rule_id: rule.ruleId,
    title: rule.title,
    level: rule.level,
    status: rule.status,
    description: rule.description,
    author: rule.author,
    tags: JSON.stringify(rule.tags),
    false_positives: JSON.stringify(rule.falsePositives),
    logsource: JSON.stringify(rule.logsource),
    techniques: JSON.stringify(rule.techniques),
    tactics: JSON.stringify(rule.tactics),
    unmapped_tags: JSON.stringify(rule.unmappedTags),
    source,
    file_name: file.slice(0, 255),
    enabled: enable ? 1 : 0,
    imported_at: now,
    updated_at: now,
  };
}

type RuleRow = Awaited<ReturnType<typeof repo.listRules>>[number];

function toRule(row: RuleRow, matches: number): DetectionRule {
  const level = row.level as SigmaLevel;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    ruleId: row.rule_id,
    title: row.title,
    level,
    priority: sigmaLevelPriority[level],
    status: row.status,
    logsource: json(row.logsource),
    techniques: json(row.techniques),
    tactics: json<Tactic[]>(row.tactics),
    unmappedTags: json(row.unmapped_tags),
    enabled: row.enabled === 1,
    fileName: row.file_name,
    importedAt: iso(Number(row.imported_at)),
    matches,
  };
}

async function matchCountsOf(ctx: AppContext, tenantIds: readonly string[]) {
  const counts = new Map<string, number>();
  for (const r of await repo.matchCounts(ctx.db, tenantIds)) counts.set(`${r.tenant_id} ${r.rule}`, Number(r.n));
  return (row: RuleRow) => counts.get(`${row.tenant_id} ${row.rule_id}`) ?? 0;
}

export async function listRules(ctx: AppContext, scope: TenantScope): Promise<{ items: DetectionRule[] }> {
  const rows = await repo.listRules(ctx.db, scope.tenantIds);
  const count = await matchCountsOf(ctx, scope.tenantIds);
  return { items: rows.map((r) => toRule(r, count(r))) };
}

async function ruleInScope(ctx: AppContext, scope: TenantScope, id: string) {
  const row = await repo.findRule(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Rule");
  return row;
}

export async function getRule(ctx: AppContext, scope: TenantScope, id: string): Promise<DetectionRuleDetail> {
  const row = await ruleInScope(ctx, scope, id);
  const count = await matchCountsOf(ctx, [row.tenant_id]);
  return {
    ...toRule(row, count(row)),
    description: row.description,
    author: row.author,
    tags: json(row.tags),
    falsePositives: json(row.false_positives),
    source: row.source,
  };
}

const MATCH_PAGE = 200;

export async function ruleMatches(ctx: AppContext, scope: TenantScope, id: string): Promise<DetectionMatchList> {
  const row = await ruleInScope(ctx, scope, id);
  const rows = await repo.ruleMatches(ctx.db, row.tenant_id, row.rule_id, MATCH_PAGE);
  return {
    items: rows.map((a) => ({
      alertId: a.id,
      name: a.name,
      priority: a.priority as DetectionMatchList["items"][number]["priority"],
      status: a.status,
      hostname: a.hostname,
      eventId: a.source_id.slice(row.rule_id.length + 1),
      createdAt: iso(Number(a.created_at)),
    })),
  };
}

export async function setRuleEnabled(
  ctx: AppContext,
  scope: TenantScope,
  id: string,
  enabled: boolean,
  actorUserId: string | null,
): Promise<DetectionRuleDetail> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await repo.setEnabled(trx, scope.tenantIds, id, enabled, now);
    if (!changed) throw notFound("Rule");
    await repo.bumpVersion(trx, changed.tenant_id, now);
    await recordAudit(trx, {
      event: "detection.rules_switched",
      at: now,
      tenantId: changed.tenant_id,
      actorUserId,
      details: { ruleId: id, enabled },
    });
  });
  return getRule(ctx, scope, id);
}

export async function setAllEnabled(
  ctx: AppContext,
  tenantId: string,
  enabled: boolean,
  actorUserId: string | null,
): Promise<{ changed: number }> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await repo.setAllEnabled(trx, tenantId, enabled, now);
    if (changed) await repo.bumpVersion(trx, tenantId, now);
    await recordAudit(trx, {
      event: "detection.rules_switched",
      at: now,
      tenantId,
      actorUserId,
      details: { all: true, enabled, changed },
    });
    return { changed };
  });
}

export async function getLogsourceMap(ctx: AppContext, tenantId: string): Promise<LogsourceMap> {
  return { tenantId, ...(await tenantMap(ctx, tenantId)) };
}

/**
 * Saves a tenant's logsource map (null: back to the built-in one). Refused, with the rules
 * named, when a rule the tenant has would no longer compile under it.
 */
export async function saveLogsourceMap(
  ctx: AppContext,
  tenantId: string,
  entries: LogsourceMapEntry[] | null,
  actorUserId: string | null,
): Promise<LogsourceMap> {
  const map = entries ?? defaultLogsourceMap;
  const rules = await repo.listRules(ctx.db, [tenantId]);
  const broken: { path: string; message: string }[] = [];
  for (const rule of rules) {
    for (const doc of parseRuleFile(rule.source, map)) {
      if (!doc.ok) broken.push({ path: `rule ${rule.rule_id}`, message: `${rule.title}: ${doc.error.message}` });
    }
  }
  if (broken.length)
    throw new AppError(
      422,
      errorCodes.validation,
      `${broken.length} imported rule(s) would no longer compile with this map.`,
      broken.slice(0, 50),
    );
  await ctx.db.transaction().execute(async (trx) => {
    await repo.saveLogsourceMap(trx, tenantId, entries ? JSON.stringify(entries) : null, ctx.now());
    await recordAudit(trx, {
      event: "detection.logsources_changed",
      at: ctx.now(),
      tenantId,
      actorUserId,
      details: { entries: entries?.length ?? "built-in" },
    });
  });
  return getLogsourceMap(ctx, tenantId);
}

export async function stats(ctx: AppContext, scope: TenantScope): Promise<DetectionStats> {
  const rules = await repo.listRules(ctx.db, scope.tenantIds);
  const states = await repo.statesOf(ctx.db, scope.tenantIds);
  const sum = (f: (s: (typeof states)[number]) => number) => states.reduce((n, s) => n + Number(f(s)), 0);
  const received = sum((s) => s.events_received);
  const matched = sum((s) => s.events_matched);
  return {
    rules: rules.length,
    enabled: rules.filter((r) => r.enabled === 1).length,
    eventsReceived: received,
    eventsMatched: matched,
    eventsUnmatched: received - matched,
  };
}
