import { describe, expect, it } from "vitest";
import { minutes } from "../../lib/time";
import { dueTimes, policyFor, slaState } from "./sla";

describe("SLA", () => {
  const start = 1_000_000;
  it("uses the spec's typical figures by default: Critical respond 30, Low 720, closure about twice", () => {
    expect(policyFor("Critical", undefined)).toEqual({ ack: 15, respond: 30, resolve: 60 });
    expect(policyFor("Low", undefined).respond).toBe(720);
    expect(dueTimes(start, policyFor("High", undefined)).respondDueAt).toBe(start + minutes(180));
  });

  it("is Met when done on time, Missed when late or overdue, At risk near the end", () => {
    const due = start + minutes(60);
    expect(slaState(start, due, start + minutes(60), start + minutes(500))).toBe("Met");
    expect(slaState(start, due, start + minutes(61), start + minutes(500))).toBe("Missed");
    expect(slaState(start, due, null, start + minutes(10))).toBe("On track");
    expect(slaState(start, due, null, start + minutes(46))).toBe("At risk");
    expect(slaState(start, due, null, start + minutes(61))).toBe("Missed");
    expect(slaState(start, null, null, start)).toBeNull();
  });
});
