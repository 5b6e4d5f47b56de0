import { describe, expect, it } from "vitest";
import { filterChips, parseSurfaceParams, surfaceApiQuery, withFilters } from "./surface-params";

describe("attack surface URL state", () => {
  it("reads the filters with the API's rules and ignores values it would refuse", () => {
    const f = parseSurfaceParams(
      new URLSearchParams("newOnly=true&expiringDays=30&port=443&service=nginx&q=shop&scope=internet&sort=expiry&offset=50"),
    );
    expect(f).toEqual({
      newOnly: true,
      expiringDays: 30,
      port: 443,
      service: "nginx",
      q: "shop",
      scope: "internet",
      sort: "expiry",
      offset: 50,
    });
    expect(parseSurfaceParams(new URLSearchParams("port=70000&sort=sideways&scope=moon&expiringDays=-5&newOnly=yes"))).toEqual({
      newOnly: false,
      expiringDays: undefined,
      port: undefined,
      service: undefined,
      q: undefined,
      scope: "all",
      sort: "newest",
      offset: 0,
    });
  });

  it("asks the API for one page, leaving defaults out", () => {
    expect(surfaceApiQuery(parseSurfaceParams(new URLSearchParams("")))).toEqual({
      newOnly: undefined,
      expiringDays: undefined,
      port: undefined,
      service: undefined,
      q: undefined,
      scope: undefined,
      sort: undefined,
      offset: undefined,
      limit: 50,
    });
  });

  it("writes changes back, starting again at the first page", () => {
    const params = new URLSearchParams("port=443&offset=50&sort=expiry");
    expect(withFilters(params, { newOnly: true }).toString()).toBe("newOnly=true&port=443&sort=expiry");
    expect(withFilters(params, { port: undefined }).toString()).toBe("sort=expiry");
    expect(withFilters(params, { offset: 100 }).toString()).toBe("port=443&sort=expiry&offset=100");
    expect(withFilters(params, { sort: "newest" }).toString()).toBe("port=443");
  });

  it("names the active filters", () => {
    const chips = filterChips(parseSurfaceParams(new URLSearchParams("newOnly=true&expiringDays=-1&scope=internet")));
    expect(chips.map((c) => c.label)).toEqual(["New since previous scan", "Certificate expired", "Internet-facing only"]);
  });
});
