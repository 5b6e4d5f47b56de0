import { describe, expect, it } from "vitest";
import { geoipState, locateAddress } from "./geoip";

describe("locateAddress", () => {
  it("never loads or looks up private, reserved or invalid addresses", () => {
    for (const ip of [
      "10.1.2.3",
      "192.168.0.1",
      "100.64.1.1",
      "127.0.0.1",
      "fe80::1",
      "fd00::1",
      "2001:db8::1",
      "203.0.113.9",
      "garbage",
      "",
    ]) {
      expect(locateAddress(ip)).toBeNull();
    }
    // Remembered as refused, but the database was never needed.
    expect(geoipState().loaded).toBe(false);
  });

  it("places public v4 and v6 addresses at their registered country's representative point", () => {
    expect(locateAddress("8.8.8.8")).toEqual({
      address: "8.8.8.8",
      country: "US",
      countryName: "United States",
      lat: 38,
      lng: -97,
    });
    expect(locateAddress("77.88.8.8")).toMatchObject({ country: "RU", countryName: "Russia" });
    expect(locateAddress("200.160.0.8")).toMatchObject({ country: "BR", countryName: "Brazil" });
    expect(locateAddress("[2001:4860:4860::8888]:53")).toMatchObject({ address: "2001:4860:4860::8888", country: "US" });
    expect(geoipState().loaded).toBe(true);
  });

  it("answers repeated addresses from its cache", () => {
    const before = geoipState().cached;
    locateAddress("193.0.14.129");
    locateAddress("193.0.14.129");
    expect(geoipState().cached).toBe(before + 1);
    expect(locateAddress("193.0.14.129")).toMatchObject({ country: "NL", countryName: "Netherlands" });
  });
});
