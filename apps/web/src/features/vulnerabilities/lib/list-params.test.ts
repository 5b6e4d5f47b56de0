import { describe, expect, it } from "vitest";
import {
  activeFindingFilterCount,
  findingChips,
  formatEpss,
  parseFindingState,
  toFindingApiQuery,
  withFindingState,
} from "./list-params";

const parse = (query: string) => parseFindingState(new URLSearchParams(query));

describe("vulnerable-asset list state in the URL", () => {
  it("reads every filter with the API's names and round-trips through the URL", () => {
    const query =
      "view=all&status=Open,Triaged&priority=Critical&kev=true&overdue=false&scoreMin=7&scoreMax=9.5&epssAbove=0.1&scanner=nessus&department=Finance&businessImpact=High&environment=Cloud&assignee=unassigned&cve=cve-2021-44228&q=log4j&sort=score&dir=asc";
    const state = parse(query);
    expect(toFindingApiQuery(state)).toEqual({
      view: "all",
      status: "Open,Triaged",
      priority: "Critical",
      kev: "true",
      overdue: "false",
      scoreMin: "7",
      scoreMax: "9.5",
      epssAbove: "0.1",
      scanner: "nessus",
      department: "Finance",
      businessImpact: "High",
      environment: "Cloud",
      assignee: "unassigned",
      cve: "CVE-2021-44228",
      q: "log4j",
      sort: "score",
      dir: "asc",
    });
    expect(activeFindingFilterCount(state)).toBe(13);
    const written = withFindingState(new URLSearchParams("cols=title,score"), state);
    expect(parse(written.toString())).toEqual(state);
    expect(written.get("cols")).toBe("title,score");
  });

  it("drops values the API would refuse instead of sending them", () => {
    const state = parse(
      "status=Resolved,Open&priority=Urgent&kev=yes&scoreMin=11&epssAbove=2&cve=log4j&sort=nope&dir=up&view=recent",
    );
    expect(toFindingApiQuery(state)).toEqual({ view: "open", status: "Open", sort: "lastSeen", dir: "desc" });
  });

  it("carries the VM overview's age bucket and fix group through the URL", () => {
    const fix = "Upgrade openssl to 3.0.13, then restart";
    const state = parse(`view=open&ageMin=31&ageMax=90&fix=${encodeURIComponent(fix)}`);
    expect(toFindingApiQuery(state)).toEqual({ view: "open", ageMin: "31", ageMax: "90", fix, sort: "lastSeen", dir: "desc" });
    expect(activeFindingFilterCount(state)).toBe(3);
    expect(parse(withFindingState(new URLSearchParams(), state).toString())).toEqual(state);
    expect(toFindingApiQuery(parse("ageMin=1.5&ageMax=-1"))).toEqual({ view: "open", sort: "lastSeen", dir: "desc" });
  });

  it("keeps defaults out of the URL and pins a fixed asset on top of it", () => {
    const written = withFindingState(new URLSearchParams("sort=score&dir=asc&view=closed"), parse(""));
    expect(written.toString()).toBe("");
    expect(toFindingApiQuery(parse("view=all"), { assetId: "a1" })).toMatchObject({ view: "all", assetId: "a1" });
  });

  it("labels chips in words and removes one filter at a time", () => {
    const state = parse("kev=true&epssAbove=0.05&tenant=t1&priority=High");
    let next = state;
    const chips = findingChips(
      state,
      (id) => (id === "t1" ? "Tenant A" : id),
      (s) => {
        next = s;
      },
    );
    expect(chips.map((c) => c.label)).toEqual(["Priority: High", "Tenant: Tenant A", "CISA KEV: in KEV", "EPSS above: 5.0%"]);
    chips[2]?.onRemove();
    expect(next.flags.kev).toBe("");
    expect(next.lists.priority).toEqual(["High"]);
  });

  it("shows EPSS as a percentage, with decimals for small probabilities", () => {
    expect(formatEpss(0.97)).toBe("97.0%");
    expect(formatEpss(0.00383)).toBe("0.38%");
    expect(formatEpss(0)).toBe("0.00%");
  });
});
