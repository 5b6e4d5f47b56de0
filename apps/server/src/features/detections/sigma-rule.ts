import {
  type LogsourceMapEntry,
  normaliseTactic,
  type SigmaLevel,
  type SigmaLogsource,
  sigmaLevels,
  type Tactic,
} from "@watchfloor/shared";
import { parseAllDocuments } from "yaml";
import { compileLogsourceIndexed, type LogsourceIndex } from "./logsource-map";
import { compileCondition, parseCondition } from "./sigma-condition";
import { SigmaRuleError } from "./sigma-error";
import type { SigmaEvent } from "./sigma-event";
import { compileFieldItem, type EventTest } from "./sigma-modifiers";

/** What an import keeps of a rule besides its text. */
export interface SigmaRuleMeta {
  ruleId: string;
  title: string;
  level: SigmaLevel;
  status: string | null;
  description: string | null;
  author: string | null;
  tags: string[];
  falsePositives: string[];
  logsource: SigmaLogsource;
  techniques: string[];
  tactics: Tactic[];
  unmappedTags: string[];
}

export interface CompiledRule extends SigmaRuleMeta {
  /** The logsource and the detection together. */
  matches: (event: SigmaEvent) => boolean;
  /** The channels and event ids the logsource requires, when the map names them. */
  index: LogsourceIndex | null;
}

export type ParsedDocument =
  | { ok: true; rule: CompiledRule; source: string }
  | { ok: false; error: SigmaRuleError; ruleId: string | null; title: string | null };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads a YAML file of one or more Sigma rules (`---` separated) and compiles each. A rule
 * with anything this engine does not support is returned as an error with the reason, whole:
 * no part of it is applied.
 */
export function parseRuleFile(text: string, map: readonly LogsourceMapEntry[]): ParsedDocument[] {
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  const out: ParsedDocument[] = [];
  for (const doc of list) {
    if (doc.errors.length) {
      out.push({
        ok: false,
        error: new SigmaRuleError("yaml", (doc.errors[0] as Error).message.split("\n")[0] as string),
        ruleId: null,
        title: null,
      });
      continue;
    }
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
    if (value === null || value === undefined) continue;
    const ruleId = isObject(value) && typeof value.id === "string" ? value.id : null;
    const title = isObject(value) && typeof value.title === "string" ? value.title : null;
    try {
      out.push({ ok: true, rule: compileRule(value, map), source: doc.toString() });
    } catch (error) {
      if (!(error instanceof SigmaRuleError)) throw error;
      out.push({ ok: false, error, ruleId, title });
    }
  }
  return out;
}

/** Compiles one rule document (already parsed from YAML). */
export function compileRule(doc: unknown, map: readonly LogsourceMapEntry[]): CompiledRule {
  if (!isObject(doc)) throw new SigmaRuleError("rule", "is not a YAML mapping");
  if ("correlation" in doc) throw new SigmaRuleError("correlation", "correlation rules are not supported");
  if ("filter" in doc && !("detection" in doc)) throw new SigmaRuleError("filter", "filter (meta) rules are not supported");
  const meta = readMeta(doc);
  const logsource = compileLogsourceIndexed(meta.logsource, map);
  const detection = compileDetection(doc.detection);
  const inSource = logsource.test;
  return {
    ...meta,
    matches: (e) => inSource(e) && detection(e),
    index: logsource.index,
  };
}

function readMeta(doc: Record<string, unknown>): SigmaRuleMeta {
  const text = (key: string, max: number, required: boolean): string | null => {
    const v = doc[key];
    if (v === undefined || v === null) {
      if (required) throw new SigmaRuleError(key, "is required");
      return null;
    }
    if (typeof v !== "string" || !v.trim()) throw new SigmaRuleError(key, "must be a non-empty string");
    if (v.length > max) throw new SigmaRuleError(key, `is longer than ${max} characters`);
    if (v.includes("\u0000")) throw new SigmaRuleError(key, "contains a NUL character");
    return v.trim();
  };
  const ruleId = text("id", 100, true) as string;
  const title = text("title", 256, true) as string;
  const level = text("level", 20, true) as string;
  if (!(sigmaLevels as readonly string[]).includes(level))
    throw new SigmaRuleError("level", `\`${level}\` is not one of ${sigmaLevels.join(", ")}`);
  const strings = (key: string): string[] => {
    const v = doc[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || !v.every((t) => typeof t === "string")) throw new SigmaRuleError(key, "must be a list of strings");
    return v as string[];
  };
  const tags = strings("tags");
  if (!isObject(doc.logsource)) throw new SigmaRuleError("logsource", "is required");
  const logsource: SigmaLogsource = {};
  for (const key of ["product", "category", "service"] as const) {
    const v = doc.logsource[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== "string") throw new SigmaRuleError(`logsource.${key}`, "must be a string");
    logsource[key] = v;
  }
  return {
    ruleId,
    title,
    level: level as SigmaLevel,
    status: text("status", 40, false),
    description: text("description", 5000, false),
    author: text("author", 500, false),
    tags,
    falsePositives: strings("falsepositives"),
    logsource,
    ...attackOf(tags),
  };
}

/**
 * `attack.t1059.001` is a technique; `attack.execution` a tactic when the ATT&CK catalogue's
 * tactics know it. Group (`attack.g0016`) and software (`attack.s0002`) tags are left alone;
 * other `attack.*` tags are kept as unmapped.
 */
export function attackOf(tags: string[]): { techniques: string[]; tactics: Tactic[]; unmappedTags: string[] } {
  const techniques: string[] = [];
  const tactics: Tactic[] = [];
  const unmappedTags: string[] = [];
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    if (!lower.startsWith("attack.")) continue;
    const rest = lower.slice("attack.".length);
    if (/^t\d{4}(\.\d{3})?$/.test(rest)) {
      const id = rest.toUpperCase();
      if (!techniques.includes(id)) techniques.push(id);
    } else if (/^[gs]\d{4}$/.test(rest)) {
    } else {
      const tactic = normaliseTactic(rest);
      if (tactic) {
        if (!tactics.includes(tactic)) tactics.push(tactic);
      } else unmappedTags.push(tag);
    }
  }
  return { techniques, tactics, unmappedTags };
}

const MAX_SELECTIONS = 200;

function compileDetection(detection: unknown): EventTest {
  if (!isObject(detection)) throw new SigmaRuleError("detection", "is required");
  const selections = new Map<string, EventTest>();
  for (const [name, value] of Object.entries(detection)) {
    if (name === "condition") continue;
    if (name === "timeframe") throw new SigmaRuleError("detection.timeframe", "time windows (correlation) are not supported");
    if (selections.size >= MAX_SELECTIONS) throw new SigmaRuleError("detection", `has more than ${MAX_SELECTIONS} selections`);
    selections.set(name, compileSelection(value, `detection.${name}`));
  }
  const condition = detection.condition;
  const conditions = Array.isArray(condition) ? condition : [condition];
  if (condition === undefined || condition === null || conditions.length === 0)
    throw new SigmaRuleError("detection.condition", "is required");
  const tests = conditions.map((c) => {
    if (typeof c !== "string") throw new SigmaRuleError("detection.condition", "must be a string (or a list of strings)");
    return compileCondition(parseCondition(c), selections);
  });
  if (tests.length === 1) return tests[0] as EventTest;
  return (e) => tests.some((t) => t(e));
}

/** A selection: a map (every field item holds), a list of maps (any holds) or a list of keywords. */
function compileSelection(value: unknown, path: string): EventTest {
  if (isObject(value)) return compileMap(value, path);
  if (Array.isArray(value)) {
    if (value.length === 0) throw new SigmaRuleError(path, "is an empty list");
    if (value.every(isObject)) {
      const tests = value.map((m, i) => compileMap(m as Record<string, unknown>, `${path}[${i}]`));
      return (e) => {
        for (const t of tests) if (t(e)) return true;
        return false;
      };
    }
    if (value.some((v) => isObject(v) || Array.isArray(v))) throw new SigmaRuleError(path, "mixes maps and keywords in one list");
    return compileFieldItem("|contains", value, path);
  }
  if (typeof value === "string" || typeof value === "number") return compileFieldItem("|contains", [value], path);
  throw new SigmaRuleError(path, "must be a map of fields, a list of maps or a list of keywords");
}

function compileMap(map: Record<string, unknown>, path: string): EventTest {
  const entries = Object.entries(map);
  if (entries.length === 0) throw new SigmaRuleError(path, "is an empty map");
  const tests = entries.map(([key, value]) => {
    if (isObject(value)) throw new SigmaRuleError(`${path}.${key}`, "a field's value cannot be a map");
    return compileFieldItem(key, value, `${path}.${key}`);
  });
  if (tests.length === 1) return tests[0] as EventTest;
  return (e) => {
    for (const t of tests) if (!t(e)) return false;
    return true;
  };
}
