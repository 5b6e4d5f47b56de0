import { describe, expect, it } from "vitest";
import { nextSort, putSort, readDay, readMultiFilters, readSort, splitParam, textChips, valueChips } from "./list-params";

const params = (query: string) => new URLSearchParams(query);

describe("list state in search params", () => {
  it("splits comma-separated values, trimming and dropping empty ones", () => {
    expect(splitParam(" a, b ,,c ")).toEqual(["a", "b", "c"]);
    expect(splitParam(null)).toEqual([]);
  });

  it("keeps only known values of closed filters and every value of open ones", () => {
    const filters = readMultiFilters(params("status=Open,Status,Closed&host=h1,h2"), ["status", "host"] as const, {
      status: ["Open", "Closed"],
    });
    expect(filters).toEqual({ status: ["Open", "Closed"], host: ["h1", "h2"] });
  });

  it("reads days and sorts, falling back for values the API would refuse", () => {
    expect(readDay(params("from=2026-11-02"), "from")).toBe("2026-11-02");
    expect(readDay(params("from=yesterday"), "from")).toBe("");
    const fallback = { sort: "createdAt", dir: "desc" } as const;
    expect(readSort(params("sort=title&dir=asc"), ["createdAt", "title"], fallback)).toEqual({ sort: "title", dir: "asc" });
    expect(readSort(params("sort=nope&dir=up"), ["createdAt", "title"], fallback)).toEqual(fallback);
  });

  it("leaves the default sort out of the URL", () => {
    const next = params("sort=title&dir=asc");
    putSort(next, { sort: "createdAt", dir: "desc" }, { sort: "createdAt", dir: "desc" });
    expect(next.toString()).toBe("");
    putSort(next, { sort: "title", dir: "desc" }, { sort: "createdAt", dir: "desc" });
    expect(next.toString()).toBe("sort=title&dir=desc");
  });

  it("makes a chip per value whose removal drops just that value, tenants by name", () => {
    let changed: Record<"tenant" | "status", string[]> | undefined;
    const chips = valueChips(
      { tenant: ["t1"], status: ["Open", "Closed"] },
      ["tenant", "status"] as const,
      { tenant: "Tenant", status: "Status" },
      (id) => (id === "t1" ? "Acme" : id),
      (next) => {
        changed = next;
      },
    );
    expect(chips.map((c) => c.label)).toEqual(["Tenant: Acme", "Status: Open", "Status: Closed"]);
    chips[1]?.onRemove();
    expect(changed).toEqual({ tenant: ["t1"], status: ["Closed"] });
    expect(textChips("", () => undefined)).toEqual([]);
    expect(textChips("ransom", () => undefined).map((c) => c.label)).toEqual(["Text: “ransom”"]);
  });
});

describe("nextSort", () => {
  const first = (key: "detectedAt" | "name") => (key === "detectedAt" ? "desc" : "asc");

  it("flips the direction when the sorted column is clicked again", () => {
    expect(nextSort({ sort: "name", dir: "asc" }, "name", first)).toEqual({ sort: "name", dir: "desc" });
    expect(nextSort({ sort: "name", dir: "desc" }, "name", first)).toEqual({ sort: "name", dir: "asc" });
  });

  it("starts another column in the direction it reads best first", () => {
    expect(nextSort({ sort: "name", dir: "desc" }, "detectedAt", first)).toEqual({ sort: "detectedAt", dir: "desc" });
    expect(nextSort({ sort: "detectedAt", dir: "desc" }, "name", first)).toEqual({ sort: "name", dir: "asc" });
  });
});
