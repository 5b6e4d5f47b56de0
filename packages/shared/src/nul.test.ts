import { describe, expect, it } from "vitest";
import { alertInputSchema } from "./alerts";
import { findingInputSchema } from "./findings";
import { findNul } from "./nul";

describe("NUL characters", () => {
  it("finds the first string or key holding U+0000, with its path", () => {
    expect(findNul({ a: "ok", b: ["x", "y\u0000"] })).toEqual(["b", 1]);
    expect(findNul({ raw: { "k\u0000": 1 } })).toEqual(["raw", "k\u0000"]);
    expect(findNul({ a: ["fine", { b: 2 }] })).toBeNull();
  });

  it("walks 20,000 levels without copying paths on the way down", () => {
    let deep: unknown = ["\u0000"];
    for (let i = 1; i < 20_000; i++) deep = [deep];
    expect(findNul(deep)?.length).toBe(20_000);
  });

  it("makes the alert and finding contracts refuse it, naming the field", () => {
    const alert = alertInputSchema.safeParse({ source: "s", sourceId: "1", name: "bad\u0000name", priority: "Low" });
    expect(alert.success).toBe(false);
    expect(alert.error?.issues.map((i) => i.path.join("."))).toContain("name");
    const raw = alertInputSchema.safeParse({ source: "s", sourceId: "1", name: "ok", priority: "Low", raw: { note: "\u0000" } });
    expect(raw.error?.issues.map((i) => i.path.join("."))).toEqual(["raw.note"]);
    const finding = findingInputSchema.safeParse({
      scanner: "x",
      scannerFindingId: "1",
      title: "t",
      severity: "High",
      hostname: "h\u0000",
    });
    expect(finding.error?.issues.map((i) => i.path.join("."))).toContain("hostname");
  });
});
