import { describe, expect, it } from "vitest";
import { allowedMoves } from "./workflow";

describe("triage workflow", () => {
  it("moves forward one step and reopens from Resolved or Closed", () => {
    expect(allowedMoves("Open")).toEqual(["Acknowledged", "Closed"]);
    expect(allowedMoves("Acknowledged")).toContain("In Progress");
    expect(allowedMoves("In Progress")).toContain("Resolved");
    expect(allowedMoves("Resolved")).toEqual(["Closed", "In Progress"]);
    expect(allowedMoves("Closed")).toEqual(["In Progress"]);
    expect(allowedMoves("Open")).not.toContain("Resolved");
  });
});
