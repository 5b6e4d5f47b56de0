import { describe, expect, it } from "vitest";
import { compileCondition, namesMatching, parseCondition } from "./sigma-condition";
import type { SigmaEvent } from "./sigma-event";
import type { EventTest } from "./sigma-modifiers";

const selections = (truth: Record<string, boolean>) =>
  new Map<string, EventTest>(Object.entries(truth).map(([name, value]) => [name, () => value]));
const evaluate = (condition: string, truth: Record<string, boolean>) =>
  compileCondition(parseCondition(condition), selections(truth))({} as SigmaEvent);

describe("conditions", () => {
  it("and binds tighter than or; not tighter than and", () => {
    expect(evaluate("a or b and c", { a: true, b: false, c: false })).toBe(true);
    expect(evaluate("(a or b) and c", { a: true, b: false, c: false })).toBe(false);
    expect(evaluate("not a and b", { a: false, b: true })).toBe(true);
    expect(evaluate("not (a and b)", { a: true, b: true })).toBe(false);
    expect(evaluate("a AND NOT b", { a: true, b: false })).toBe(true);
  });

  it("1 of, all of, any of and them", () => {
    const t = { selection_a: true, selection_b: false, filter_x: false, _hidden: false };
    expect(evaluate("1 of selection_*", t)).toBe(true);
    expect(evaluate("all of selection_*", t)).toBe(false);
    expect(evaluate("any of selection_*", t)).toBe(true);
    expect(evaluate("1 of them", t)).toBe(true);
    expect(evaluate("all of them", { a: true, _x: false })).toBe(true);
    expect(evaluate("selection_a and not 1 of filter_*", t)).toBe(true);
    expect(namesMatching("sel*_b*", ["selection_b", "sel_a"])).toEqual(["selection_b"]);
    expect(namesMatching("*_cmd", ["a_cmd", "a_cmdx"])).toEqual(["a_cmd"]);
  });

  it("refuses what it cannot run, with the reason", () => {
    const reason = (c: string, names = { a: true }) => {
      try {
        compileCondition(parseCondition(c), selections(names));
        return "accepted";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(reason("a | count() > 5")).toMatch(/aggregations/);
    expect(reason("a and")).toMatch(/ends/);
    expect(reason("(a")).toMatch(/closing/);
    expect(reason("a)")).toMatch(/operator/);
    expect(reason("b")).toMatch(/does not define/);
    expect(reason("1 of nothing_*")).toMatch(/matches no selection/);
    expect(reason("2 of a*")).toMatch(/only `1 of` and `all of`/);
    expect(reason("a b")).toMatch(/operator/);
  });
});
