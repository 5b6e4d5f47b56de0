import { describe, expect, it } from "vitest";
import {
  allowedFindingMoves,
  checkFindingMove,
  defaultRemediationSlaDays,
  remediationDueAt,
  reopensWhenSeenAgain,
} from "./vulnerabilities";
import { assetKeyNumber, formatAssetKey } from "./assets";

describe("finding workflow", () => {
  it("allows triage, work and closing from any open state, and reopening from Closed only to Open", () => {
    expect(allowedFindingMoves("Open")).toEqual(["Triaged", "In Progress", "Closed"]);
    expect(allowedFindingMoves("Closed")).toEqual(["Open"]);
    expect(checkFindingMove("Open", "Triaged")).toEqual({ ok: true });
    expect(checkFindingMove("Triaged", "In Progress")).toEqual({ ok: true });
    expect(checkFindingMove("Closed", "Open")).toEqual({ ok: true });
  });

  it("refuses moves outside the workflow with the allowed ones", () => {
    const r = checkFindingMove("Closed", "In Progress");
    expect(r.ok).toBe(false);
    expect(r.ok === false && r.reason).toContain("allowed: Open");
    expect(checkFindingMove("Open", "Open")).toMatchObject({ ok: false, field: "status" });
  });

  it("needs a manual close reason to close; Fixed is the importer's", () => {
    expect(checkFindingMove("Open", "Closed")).toMatchObject({ ok: false, field: "closeReason" });
    expect(checkFindingMove("Open", "Closed", "Fixed")).toMatchObject({ ok: false, field: "closeReason" });
    expect(checkFindingMove("In Progress", "Closed", "Remediated")).toEqual({ ok: true });
    expect(checkFindingMove("Triaged", "Closed", "Accepted Risk")).toEqual({ ok: true });
  });

  it("reopens fixed or remediated findings seen again, not accepted risks or false positives", () => {
    expect(reopensWhenSeenAgain("Fixed")).toBe(true);
    expect(reopensWhenSeenAgain("Remediated")).toBe(true);
    expect(reopensWhenSeenAgain("Accepted Risk")).toBe(false);
    expect(reopensWhenSeenAgain("False Positive")).toBe(false);
  });
});

describe("remediation SLA", () => {
  it("defaults to 7/30/90/180 days and counts from first seen", () => {
    expect(defaultRemediationSlaDays).toEqual({ Critical: 7, High: 30, Medium: 90, Low: 180 });
    const first = Date.UTC(2025, 0, 1);
    expect(new Date(remediationDueAt(first, 7)).toISOString()).toBe("2025-01-08T00:00:00.000Z");
  });
});

describe("asset keys", () => {
  it("formats and parses ASSET-nnnn", () => {
    expect(formatAssetKey(7)).toBe("ASSET-0007");
    expect(formatAssetKey(12345)).toBe("ASSET-12345");
    expect(assetKeyNumber("ASSET-0042")).toBe(42);
    expect(assetKeyNumber("asset-42")).toBeNull();
    expect(assetKeyNumber("ASSET-")).toBeNull();
  });
});
