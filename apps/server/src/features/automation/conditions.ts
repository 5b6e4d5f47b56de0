import {
  type AutomationSubject,
  type Condition,
  type ConditionLeaf,
  type FieldSpec,
  inCidr,
  opsForKind,
  parseCidr,
  subjectFields,
} from "@watchfloor/shared";
import { RE2JS } from "re2js";

/**
 * Condition trees compiled to predicates (docs/automation.md, "Conditions"). Pure: no I/O. A
 * tree is checked whole before it is used, and every problem is reported with its position
 * (`condition.all[1].value`), so a rule is never saved half-understood. Regular expressions use
 * RE2 semantics (linear time), so no rule can stall the evaluation of an event.
 */

/** A subject as conditions see it: canonical field names to values (lists for list fields). */
export type SubjectValues = Record<string, string | number | readonly string[] | null | undefined>;
export type Predicate = (subject: SubjectValues) => boolean;
export interface ConditionProblem {
  path: string;
  message: string;
}

const MAX_DEPTH = 8;
const MAX_LEAVES = 100;

export class ConditionError extends Error {
  constructor(readonly problems: ConditionProblem[]) {
    super(problems.map((p) => `${p.path}: ${p.message}`).join("; "));
  }
}

/** Compiles the tree for one subject kind, or throws ConditionError listing every problem. */
export function compileCondition(condition: Condition, subject: AutomationSubject, base = "condition"): Predicate {
  const problems: ConditionProblem[] = [];
  const counter = { leaves: 0 };
  const predicate = compileNode(condition, subjectFields[subject], base, 1, problems, counter);
  if (counter.leaves > MAX_LEAVES)
    problems.push({ path: base, message: `has ${counter.leaves} comparisons; at most ${MAX_LEAVES}` });
  if (problems.length) throw new ConditionError(problems);
  return predicate;
}

function compileNode(
  node: Condition,
  fields: Record<string, FieldSpec>,
  path: string,
  depth: number,
  problems: ConditionProblem[],
  counter: { leaves: number },
): Predicate {
  if (depth > MAX_DEPTH) {
    problems.push({ path, message: `is nested deeper than ${MAX_DEPTH} levels` });
    return () => false;
  }
  if ("all" in node) {
    if (node.all.length === 0) problems.push({ path: `${path}.all`, message: "needs at least one condition" });
    const parts = node.all.map((c, i) => compileNode(c, fields, `${path}.all[${i}]`, depth + 1, problems, counter));
    return (s) => parts.every((p) => p(s));
  }
  if ("any" in node) {
    if (node.any.length === 0) problems.push({ path: `${path}.any`, message: "needs at least one condition" });
    const parts = node.any.map((c, i) => compileNode(c, fields, `${path}.any[${i}]`, depth + 1, problems, counter));
    return (s) => parts.some((p) => p(s));
  }
  if ("not" in node) {
    const inner = compileNode(node.not, fields, `${path}.not`, depth + 1, problems, counter);
    return (s) => !inner(s);
  }
  counter.leaves += 1;
  return compileLeaf(node, fields, path, problems);
}

function compileLeaf(
  leaf: ConditionLeaf,
  fields: Record<string, FieldSpec>,
  path: string,
  problems: ConditionProblem[],
): Predicate {
  const spec = fields[leaf.field];
  if (!spec) {
    problems.push({ path: `${path}.field`, message: `unknown field "${leaf.field}"; known: ${Object.keys(fields).join(", ")}` });
    return () => false;
  }
  if (!opsForKind[spec.kind].includes(leaf.op)) {
    problems.push({
      path: `${path}.op`,
      message: `"${leaf.op}" does not apply to ${spec.label}; use one of ${opsForKind[spec.kind].join(", ")}`,
    });
    return () => false;
  }
  const field = leaf.field;
  const valuePath = `${path}.value`;
  if (leaf.op === "exists") {
    const want = leaf.value === undefined ? true : leaf.value;
    if (typeof want !== "boolean") problems.push({ path: valuePath, message: "must be true or false (or left out)" });
    return (s) => present(s[field]) === want;
  }
  if (leaf.value === undefined) {
    problems.push({ path: valuePath, message: `is needed for "${leaf.op}"` });
    return () => false;
  }
  if (spec.kind === "number" || spec.kind === "date") return numericLeaf(leaf, spec, valuePath, problems);
  const wanted = (Array.isArray(leaf.value) ? leaf.value : [leaf.value]).map(String);
  if (leaf.op !== "in" && Array.isArray(leaf.value)) {
    problems.push({ path: valuePath, message: `must be a single value for "${leaf.op}"; use "in" for a list` });
    return () => false;
  }
  if (wanted.length === 0) problems.push({ path: valuePath, message: "needs at least one value" });
  // Regular expressions and ranges read the value as it is; the rest compare case-folded text
  // unless asked not to, folded once per subject and field (fifty rules read the same name).
  const raw = leaf.op === "matches" || leaf.op === "cidr" || leaf.caseSensitive === true;
  const test = textTest(leaf, wanted, valuePath, problems);
  const read = raw ? (s: SubjectValues) => s[field] : (s: SubjectValues) => folded(s, field);
  // A list field matches when any of its items does.
  if (spec.kind === "list") return (s) => listValues(read(s)).some(test);
  if (leaf.op === "notEquals") return (s) => !test(textOf(read(s)));
  return (s) => {
    const value = read(s);
    return value !== null && value !== undefined && test(textOf(value));
  };
}

/** Tests a value already folded to lower case (unless the leaf is case-sensitive, a pattern or a range). */
function textTest(leaf: ConditionLeaf, wanted: string[], path: string, problems: ConditionProblem[]): (value: string) => boolean {
  const needles = leaf.caseSensitive === true ? wanted : wanted.map((w) => w.toLowerCase());
  switch (leaf.op) {
    case "equals":
    case "in":
    case "notEquals":
      return (v) => needles.includes(v);
    case "contains":
      return (v) => needles.some((n) => v.includes(n));
    case "startsWith":
      return (v) => needles.some((n) => v.startsWith(n));
    case "endsWith":
      return (v) => needles.some((n) => v.endsWith(n));
    case "matches": {
      try {
        const pattern = RE2JS.compile(wanted[0] ?? "", leaf.caseSensitive === true ? 0 : RE2JS.CASE_INSENSITIVE);
        return (v) => pattern.matcher(v).find();
      } catch (error) {
        problems.push({ path, message: `is not a valid regular expression (RE2 syntax): ${(error as Error).message}` });
        return () => false;
      }
    }
    case "cidr": {
      const range = parseCidr(wanted[0] ?? "");
      if (!range) {
        problems.push({ path, message: "must be a CIDR range such as 10.0.0.0/8 or 2001:db8::/32" });
        return () => false;
      }
      return (v) => inCidr(v, range);
    }
    default:
      problems.push({ path, message: `"${leaf.op}" does not compare text` });
      return () => false;
  }
}

const foldedValues = new WeakMap<SubjectValues, Map<string, SubjectValues[string]>>();

function folded(s: SubjectValues, field: string): SubjectValues[string] {
  let cache = foldedValues.get(s);
  if (!cache) {
    cache = new Map();
    foldedValues.set(s, cache);
  }
  if (cache.has(field)) return cache.get(field);
  const v = s[field];
  const out = typeof v === "string" ? v.toLowerCase() : Array.isArray(v) ? v.map((x) => String(x).toLowerCase()) : v;
  cache.set(field, out);
  return out;
}

function numericLeaf(leaf: ConditionLeaf, spec: FieldSpec, path: string, problems: ConditionProblem[]): Predicate {
  const parse = (v: unknown): number | null => {
    if (typeof v === "number" && Number.isFinite(v)) return v;
    if (spec.kind === "date" && typeof v === "string") {
      const ms = Date.parse(v);
      return Number.isNaN(ms) ? null : ms;
    }
    return null;
  };
  const values = (Array.isArray(leaf.value) ? leaf.value : [leaf.value]).map(parse);
  if (values.some((v) => v === null) || (leaf.op !== "in" && values.length !== 1)) {
    problems.push({
      path,
      message:
        spec.kind === "date" ? "must be an ISO 8601 date-time" : `must be ${leaf.op === "in" ? "a list of numbers" : "a number"}`,
    });
    return () => false;
  }
  const nums = values as number[];
  const first = nums[0] ?? 0;
  const field = leaf.field;
  const compare: Record<string, (v: number) => boolean> = {
    equals: (v) => v === first,
    notEquals: (v) => v !== first,
    in: (v) => nums.includes(v),
    gt: (v) => v > first,
    gte: (v) => v >= first,
    lt: (v) => v < first,
    lte: (v) => v <= first,
  };
  const test = compare[leaf.op] ?? (() => false);
  return (s) => {
    const value = s[field];
    return typeof value === "number" && test(value);
  };
}

const present = (v: SubjectValues[string]): boolean =>
  v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0);
const textOf = (v: SubjectValues[string]): string =>
  Array.isArray(v) ? v.join(",") : v === null || v === undefined ? "" : String(v);
const listValues = (v: SubjectValues[string]): readonly string[] =>
  Array.isArray(v) ? v : v === null || v === undefined ? [] : [String(v)];
