import { describe, expect, it } from "vitest";
import { complianceDrift, type DriftInput } from "./compliance-drift";

const r = (controlId: string, result: DriftInput["result"], resourceId: string | null = null): DriftInput => ({
  controlId,
  resourceId,
  title: `t ${controlId}`,
  severity: "high",
  result,
});

describe("complianceDrift", () => {
  it("sorts results into newly failing, fixed and still failing", () => {
    const previous = [r("a", "pass"), r("b", "fail"), r("c", "fail"), r("d", "fail"), r("e", "fail"), r("f", "fail")];
    const current = [r("a", "fail"), r("b", "fail"), r("c", "pass"), r("d", "not_applicable"), r("e", "error"), r("g", "fail")];
    const drift = complianceDrift(previous, current);
    expect(drift.newlyFailing.map((i) => [i.controlId, i.before, i.after])).toEqual([
      ["a", "pass", "fail"],
      ["g", null, "fail"],
    ]);
    expect(drift.stillFailing.map((i) => i.controlId)).toEqual(["b"]);
    // "e" errors now: not known to be fixed, not failing, so in no list; "f" is gone: fixed with after null.
    expect(drift.fixed.map((i) => [i.controlId, i.after])).toEqual([
      ["c", "pass"],
      ["d", "not_applicable"],
      ["f", null],
    ]);
  });

  it("compares per resource: the same control on another resource is another result", () => {
    const drift = complianceDrift(
      [r("s3_enc", "fail", "bucket-1")],
      [r("s3_enc", "pass", "bucket-1"), r("s3_enc", "fail", "bucket-2")],
    );
    expect(drift.fixed.map((i) => i.resourceId)).toEqual(["bucket-1"]);
    expect(drift.newlyFailing.map((i) => i.resourceId)).toEqual(["bucket-2"]);
    expect(drift.stillFailing).toEqual([]);
  });

  it("with no previous scan every failure is newly failing", () => {
    const drift = complianceDrift([], [r("x", "fail"), r("y", "pass")]);
    expect(drift.newlyFailing.map((i) => i.controlId)).toEqual(["x"]);
    expect(drift.fixed).toEqual([]);
  });
});
