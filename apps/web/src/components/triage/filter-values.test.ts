import { describe, expect, it } from "vitest";
import { tenantGroup, toggleValue, valueOptions } from "./filter-values";

describe("filter values", () => {
  it("toggles a value in and out of a filter, keeping the others in order", () => {
    expect(toggleValue([], "High")).toEqual(["High"]);
    expect(toggleValue(["Low", "High"], "Medium")).toEqual(["Low", "High", "Medium"]);
    expect(toggleValue(["Low", "High", "Medium"], "High")).toEqual(["Low", "Medium"]);
    const before = ["Low"];
    toggleValue(before, "High");
    expect(before).toEqual(["Low"]);
  });

  it("labels a closed set of values with themselves", () => {
    expect(valueOptions(["Open", "Closed"])).toEqual([
      { value: "Open", label: "Open" },
      { value: "Closed", label: "Closed" },
    ]);
    expect(valueOptions(undefined)).toEqual([]);
  });

  it("offers the tenant filter only to someone in more than one tenant", () => {
    expect(tenantGroup("tenant", "Tenant", [{ id: "t1", name: "Tenant A" }])).toEqual([]);
    const [group] = tenantGroup("tenant", "Tenant", [
      { id: "t1", name: "Tenant A" },
      { id: "t2", name: "Tenant B" },
    ]);
    expect(group).toEqual({
      key: "tenant",
      legend: "Tenant",
      options: [
        { value: "t1", label: "Tenant A" },
        { value: "t2", label: "Tenant B" },
      ],
      scroll: true,
    });
  });
});
