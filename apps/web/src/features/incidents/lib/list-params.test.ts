import { describe, expect, it } from "vitest";
import { dayAfterToIso, dayToIso } from "@/lib/dates";
import {
  activeIncidentFilterCount,
  clearedIncidentState,
  incidentChips,
  parseIncidentState,
  toIncidentApiQuery,
  withIncidentState,
} from "./list-params";

const parse = (query: string) => parseIncidentState(new URLSearchParams(query));
const utcDay = (day: string, end: boolean) => (end ? dayAfterToIso(day, "UTC") : dayToIso(day, "UTC"));

describe("incidents list state in the URL", () => {
  it("reads every filter with the API's names and round-trips through the URL", () => {
    const state = parse(
      "view=all&status=Open,Closed&priority=Critical&owner=Lee Chen,unassigned&tenant=t1&from=2026-11-01&to=2026-11-02&q=ransom&sort=owner&dir=asc",
    );
    expect(toIncidentApiQuery(state, utcDay)).toEqual({
      view: "all",
      status: "Open,Closed",
      priority: "Critical",
      owner: "Lee Chen,unassigned",
      tenant: "t1",
      from: "2026-11-01T00:00:00.000Z",
      // The API's `to` is exclusive: the range ends where the day after the 2nd begins.
      to: "2026-11-03T00:00:00.000Z",
      q: "ransom",
      sort: "owner",
      dir: "asc",
    });
    expect(activeIncidentFilterCount(state)).toBe(6);
    const written = withIncidentState(new URLSearchParams("other=kept"), state);
    expect(parse(written.toString())).toEqual(state);
    expect(written.get("other")).toBe("kept");
  });

  it("drops values the API would refuse and leaves defaults out of the URL", () => {
    const state = parse("view=mine&status=Pending,Open&priority=Urgent&sort=severity&dir=up&from=yesterday");
    expect(state).toMatchObject({ view: "open", sort: "createdAt", dir: "desc", from: "" });
    expect(state.filters.status).toEqual(["Open"]);
    expect(state.filters.priority).toEqual([]);
    expect(withIncidentState(new URLSearchParams(), state).toString()).toBe("status=Open");
  });

  it("gives a removable chip per value and clears filters but not the view or sort", () => {
    const state = parse("view=closed&owner=Ada Park&tenant=t1&q=x&sort=title&dir=asc");
    let next = state;
    const chips = incidentChips(
      state,
      (id) => (id === "t1" ? "Acme" : id),
      (s) => {
        next = s;
      },
    );
    expect(chips.map((c) => c.label)).toEqual(["Owner: Ada Park", "Tenant: Acme", "Text: “x”"]);
    chips[1]?.onRemove();
    expect(next.filters.tenant).toEqual([]);
    expect(clearedIncidentState(state)).toEqual(parse("view=closed&sort=title&dir=asc"));
  });
});
