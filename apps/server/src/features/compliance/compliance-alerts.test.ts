import { describe, expect, it } from "vitest";
import { matchAlertTags, speaksTo } from "./compliance-alerts";

describe("alert tags against requirements", () => {
  it("matches the same id, a sub-requirement and a parent, never a sibling or a longer number", () => {
    expect(speaksTo("10.2.4", "10.2.4")).toBe(true);
    expect(speaksTo("10.2.4", "10.2")).toBe(true);
    expect(speaksTo("10.2", "10.2.1")).toBe(true);
    expect(speaksTo("10.2.4", "10.3")).toBe(false);
    expect(speaksTo("10.20", "10.2")).toBe(false);
    expect(speaksTo("1.2", "11.2")).toBe(false);
  });

  it("reads NIST control ids with a dot or a hyphen, in any case", () => {
    expect(speaksTo("AU.14", "AU-14")).toBe(true);
    expect(speaksTo("au-14", "AU-14")).toBe(true);
    expect(speaksTo("AU-14", "AU-1")).toBe(false);
  });

  it("lists each requirement's tags and the tags nothing takes", () => {
    const tags = [
      { requirement: "10.2.4", alerts: 23 },
      { requirement: "10.2.5", alerts: 23 },
      { requirement: "11.4", alerts: 3 },
    ];
    const { byRequirement, unmatched } = matchAlertTags(["10.2", "10.2.5", "8.1"], tags);
    expect(byRequirement.get("10.2")?.map((t) => t.requirement)).toEqual(["10.2.4", "10.2.5"]);
    expect(byRequirement.get("10.2.5")?.map((t) => t.requirement)).toEqual(["10.2.5"]);
    expect(byRequirement.get("8.1")).toEqual([]);
    expect(unmatched.map((t) => t.requirement)).toEqual(["11.4"]);
  });
});
