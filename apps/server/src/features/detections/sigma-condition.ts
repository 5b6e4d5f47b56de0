import { SigmaRuleError } from "./sigma-error";
import type { EventTest } from "./sigma-modifiers";

/**
 * A Sigma condition: selection names joined by `and`, `or`, `not` and parentheses, plus
 * `1 of x*`, `all of x*`, `1 of them` and `all of them` (`any of` is read as `1 of`).
 * Precedence: not, then and, then or. Aggregations (`| count() ...`) are refused.
 */
export type Condition =
  | { kind: "ref"; name: string }
  | { kind: "not"; of: Condition }
  | { kind: "and" | "or"; of: Condition[] }
  | { kind: "quantified"; quantifier: "one" | "all"; pattern: string };

const PATH = "detection.condition";

export function parseCondition(text: string): Condition {
  if (text.includes("|")) throw new SigmaRuleError(PATH, "aggregations (`| count() ...`) are not supported");
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  if (tokens.length === 0) throw new SigmaRuleError(PATH, "is empty");
  let at = 0;
  const peek = () => tokens[at]?.toLowerCase();
  const fail = (reason: string): never => {
    throw new SigmaRuleError(PATH, reason);
  };

  const orExpr = (): Condition => {
    const of = [andExpr()];
    while (peek() === "or") {
      at++;
      of.push(andExpr());
    }
    return of.length === 1 ? (of[0] as Condition) : { kind: "or", of };
  };
  const andExpr = (): Condition => {
    const of = [notExpr()];
    while (peek() === "and") {
      at++;
      of.push(notExpr());
    }
    return of.length === 1 ? (of[0] as Condition) : { kind: "and", of };
  };
  const notExpr = (): Condition => {
    if (peek() === "not") {
      at++;
      return { kind: "not", of: notExpr() };
    }
    return primary();
  };
  const primary = (): Condition => {
    const token = tokens[at];
    if (token === undefined) return fail("ends where a selection name was expected");
    const lower = token.toLowerCase();
    if (token === "(") {
      at++;
      const inner = orExpr();
      if (tokens[at] !== ")") fail("has an opening parenthesis without its closing one");
      at++;
      return inner;
    }
    if (token === ")") return fail("has a closing parenthesis without its opening one");
    if (["and", "or", "of", "them"].includes(lower)) return fail(`has \`${token}\` where a selection name was expected`);
    if (tokens[at + 1]?.toLowerCase() === "of") {
      const quantifier = lower === "1" || lower === "any" ? "one" : lower === "all" ? "all" : null;
      if (!quantifier) return fail(`\`${token} of\` is not supported (only \`1 of\` and \`all of\`)`);
      const pattern = tokens[at + 2];
      if (pattern === undefined || pattern === "(" || pattern === ")")
        return fail(`\`${token} of\` must be followed by a name pattern or \`them\``);
      at += 3;
      return { kind: "quantified", quantifier, pattern };
    }
    if (!/^[\w.*-]+$/.test(token)) return fail(`\`${token}\` is not a selection name`);
    at++;
    return { kind: "ref", name: token };
  };

  const tree = orExpr();
  if (at < tokens.length) fail(`has \`${tokens[at]}\` where an operator (and, or) was expected`);
  return tree;
}

/** Turns a parsed condition into one test, resolving names and patterns against the rule's selections. */
export function compileCondition(tree: Condition, selections: ReadonlyMap<string, EventTest>): EventTest {
  switch (tree.kind) {
    case "ref": {
      const test = selections.get(tree.name);
      if (!test) throw new SigmaRuleError(PATH, `names \`${tree.name}\`, which the detection does not define`);
      return test;
    }
    case "not": {
      const inner = compileCondition(tree.of, selections);
      return (e) => !inner(e);
    }
    case "and":
    case "or":
      return combine(
        tree.kind,
        tree.of.map((c) => compileCondition(c, selections)),
      );
    case "quantified": {
      const names = namesMatching(tree.pattern, [...selections.keys()]);
      if (names.length === 0) throw new SigmaRuleError(PATH, `\`${tree.pattern}\` matches no selection of the detection`);
      return combine(
        tree.quantifier === "all" ? "and" : "or",
        names.map((n) => selections.get(n) as EventTest),
      );
    }
  }
}

function combine(kind: "and" | "or", tests: EventTest[]): EventTest {
  if (tests.length === 1) return tests[0] as EventTest;
  if (kind === "and")
    return (e) => {
      for (const t of tests) if (!t(e)) return false;
      return true;
    };
  return (e) => {
    for (const t of tests) if (t(e)) return true;
    return false;
  };
}

/** `them` is every selection (names starting with `_` excepted); otherwise `*` is a wildcard. */
export function namesMatching(pattern: string, names: string[]): string[] {
  if (pattern.toLowerCase() === "them") return names.filter((n) => !n.startsWith("_"));
  const parts = pattern.split("*");
  return names.filter((name) => {
    if (parts.length === 1) return name === pattern;
    let at = 0;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      if (i === 0) {
        if (!name.startsWith(part)) return false;
        at = part.length;
      } else if (i === parts.length - 1) {
        return name.length - part.length >= at && name.endsWith(part);
      } else {
        const found = name.indexOf(part, at);
        if (found < 0) return false;
        at = found + part.length;
      }
    }
    return true;
  });
}
