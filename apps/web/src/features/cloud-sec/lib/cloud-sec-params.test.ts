import { describe, expect, it } from "vitest";
import { filterChips, parseResourceParams, resourceApiQuery, withFilters } from "./cloud-sec-params";

describe("cloud sec URL filters", () => {
  it("reads the URL through the API's schema and drops what the server would refuse", () => {
    const f = parseResourceParams(new URLSearchParams("category=public&service=s3&failing=true&sort=failing&offset=50&region="));
    expect(f).toEqual({
      account: undefined,
      service: "s3",
      region: undefined,
      category: "public",
      q: undefined,
      failing: true,
      sort: "failing",
      offset: 50,
    });
    const bad = parseResourceParams(new URLSearchParams("category=everything&sort=nope&offset=-3&failing=yes"));
    expect(bad).toMatchObject({ category: undefined, sort: "severity", offset: 0, failing: false });
  });

  it("asks the API for one page and leaves defaults out of the URL", () => {
    const f = parseResourceParams(new URLSearchParams("q=bucket"));
    expect(resourceApiQuery(f)).toEqual({
      account: undefined,
      service: undefined,
      region: undefined,
      category: undefined,
      q: "bucket",
      failing: undefined,
      sort: undefined,
      offset: undefined,
      limit: 50,
    });
    // Any change but paging goes back to the first page.
    expect(withFilters(new URLSearchParams("q=bucket&offset=100"), { service: "s3" }).toString()).toBe("service=s3&q=bucket");
    expect(withFilters(new URLSearchParams("q=bucket"), { offset: 50 }).toString()).toBe("q=bucket&offset=50");
  });

  it("names the active filters as chips", () => {
    const f = parseResourceParams(new URLSearchParams("account=123&region=us-east-1&failing=true&category=logging"));
    expect(filterChips(f, (id) => `Prod (${id})`).map((c) => c.label)).toEqual([
      "Account Prod (123)",
      "Region us-east-1",
      "Failing only",
    ]);
  });
});
