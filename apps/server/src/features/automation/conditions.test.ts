import type { Condition } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { ConditionError, compileCondition, type SubjectValues } from "./conditions";

const alert: SubjectValues = {
  name: "Suspicious PowerShell download cradle",
  priority: "High",
  priorityRank: 3,
  status: "Open",
  hostname: "WS-0042.corp.example",
  srcIp: "10.20.30.40",
  dstIp: "2001:db8::7",
  assignee: null,
  tactics: ["Execution", "Command and Control"],
  techniques: ["T1059.001", "T1105"],
  tags: [],
  detectedAt: Date.parse("2026-11-21T10:00:00Z"),
};

const matches = (condition: Condition, subject = alert) => compileCondition(condition, "alert")(subject);
const problems = (condition: Condition) => {
  try {
    compileCondition(condition, "alert");
    return [];
  } catch (error) {
    return (error as ConditionError).problems;
  }
};

describe("automation conditions", () => {
  it("compares text ignoring case unless asked, with every text operator", () => {
    expect(matches({ field: "name", op: "contains", value: "powershell" })).toBe(true);
    expect(matches({ field: "name", op: "contains", value: "powershell", caseSensitive: true })).toBe(false);
    expect(matches({ field: "hostname", op: "startsWith", value: "ws-" })).toBe(true);
    expect(matches({ field: "hostname", op: "endsWith", value: ".corp.example" })).toBe(true);
    expect(matches({ field: "priority", op: "in", value: ["Critical", "High"] })).toBe(true);
    expect(matches({ field: "priority", op: "notEquals", value: "High" })).toBe(false);
    expect(matches({ field: "name", op: "matches", value: "download\\s+cradle$" })).toBe(true);
  });

  it("matches addresses against CIDR ranges, v4 and v6", () => {
    expect(matches({ field: "srcIp", op: "cidr", value: "10.0.0.0/8" })).toBe(true);
    expect(matches({ field: "srcIp", op: "cidr", value: "192.168.0.0/16" })).toBe(false);
    expect(matches({ field: "dstIp", op: "cidr", value: "2001:db8::/32" })).toBe(true);
  });

  it("reads list fields item by item (ATT&CK techniques and tactics, tags)", () => {
    expect(matches({ field: "techniques", op: "startsWith", value: "T1059" })).toBe(true);
    expect(matches({ field: "techniques", op: "in", value: ["T1105", "T1003"] })).toBe(true);
    expect(matches({ field: "tactics", op: "contains", value: "command" })).toBe(true);
    expect(matches({ field: "tags", op: "exists" })).toBe(false);
    expect(matches({ field: "assignee", op: "exists", value: false })).toBe(true);
  });

  it("compares numbers and dates", () => {
    expect(matches({ field: "priorityRank", op: "gte", value: 3 })).toBe(true);
    expect(matches({ field: "priorityRank", op: "lt", value: 3 })).toBe(false);
    expect(matches({ field: "detectedAt", op: "gt", value: "2026-11-21T09:00:00Z" })).toBe(true);
    expect(matches({ field: "detectedAt", op: "lte", value: "2026-11-20T00:00:00Z" })).toBe(false);
  });

  it("combines with all, any and not", () => {
    const tree: Condition = {
      all: [
        {
          any: [
            { field: "priority", op: "equals", value: "Critical" },
            { field: "srcIp", op: "cidr", value: "10.0.0.0/8" },
          ],
        },
        { not: { field: "hostname", op: "startsWith", value: "lab-" } },
      ],
    };
    expect(matches(tree)).toBe(true);
    expect(matches(tree, { ...alert, hostname: "lab-7" })).toBe(false);
    expect(matches(tree, { ...alert, srcIp: "8.8.8.8" })).toBe(false);
  });

  it("refuses a tree with every problem and its position", () => {
    const found = problems({
      all: [
        { field: "nmae", op: "equals", value: "x" },
        { field: "priority", op: "cidr", value: "10.0.0.0/8" },
        {
          any: [
            { field: "srcIp", op: "cidr", value: "10.0.0.0/33" },
            { field: "name", op: "matches", value: "(a" },
          ],
        },
        { field: "priorityRank", op: "gt", value: "high" },
        { field: "name", op: "contains" },
        { any: [] },
      ],
    });
    expect(found.map((p) => p.path)).toEqual([
      "condition.all[0].field",
      "condition.all[1].op",
      "condition.all[2].any[0].value",
      "condition.all[2].any[1].value",
      "condition.all[3].value",
      "condition.all[4].value",
      "condition.all[5].any",
    ]);
    expect(found[0]?.message).toContain('unknown field "nmae"');
    expect(found[3]?.message).toContain("regular expression");
  });

  it("refuses trees nested too deep, and runs a pathological pattern in linear time", () => {
    let deep: Condition = { field: "name", op: "exists" };
    for (let i = 0; i < 10; i++) deep = { not: deep };
    expect(problems(deep)[0]?.message).toContain("deeper than");
    // (a+)+$ backtracks exponentially in JavaScript's engine; RE2 answers at once.
    const evil = compileCondition({ field: "name", op: "matches", value: "^(a+)+$" }, "alert");
    expect(evil({ name: `${"a".repeat(5000)}!` })).toBe(false);
  });

  it("knows incident fields apart from alert fields", () => {
    expect(() => compileCondition({ field: "srcIp", op: "exists" }, "incident")).toThrow(ConditionError);
    expect(
      compileCondition({ field: "title", op: "contains", value: "ransom" }, "incident")({ title: "Ransomware on FS-01" }),
    ).toBe(true);
  });
});
