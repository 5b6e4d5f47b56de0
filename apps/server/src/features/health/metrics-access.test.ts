import { describe, expect, it } from "vitest";
import { isLoopback, metricsAllowed } from "./metrics-access";

const token = "t".repeat(32);

describe("metrics access", () => {
  it("knows loopback addresses", () => {
    for (const a of ["127.0.0.1", "127.8.0.2", "::1", "::ffff:127.0.0.1"]) expect(isLoopback(a)).toBe(true);
    for (const a of [undefined, "", "10.0.0.1", "::ffff:10.0.0.1", "128.0.0.1", "127.0.0.1.example", "fe80::1"])
      expect(isLoopback(a)).toBe(false);
  });

  it("lets loopback callers in, unless a proxy relayed the request", () => {
    expect(metricsAllowed({ socketAddress: "127.0.0.1", headers: {} }, undefined)).toBe(true);
    expect(metricsAllowed({ socketAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.5" } }, undefined)).toBe(false);
    expect(metricsAllowed({ socketAddress: "::1", headers: { forwarded: "for=203.0.113.5" } }, token)).toBe(false);
    expect(metricsAllowed({ socketAddress: "203.0.113.5", headers: {} }, undefined)).toBe(false);
  });

  it("lets anyone with the configured token in, and nobody with a wrong or absent one", () => {
    const remote = (authorization?: string) => ({
      socketAddress: "203.0.113.5",
      headers: authorization ? { authorization } : {},
    });
    expect(metricsAllowed(remote(`Bearer ${token}`), token)).toBe(true);
    expect(
      metricsAllowed(
        { ...remote(`Bearer ${token}`), headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "198.51.100.1" } },
        token,
      ),
    ).toBe(true);
    expect(metricsAllowed(remote(`Bearer ${token}x`), token)).toBe(false);
    expect(metricsAllowed(remote(token), token)).toBe(false);
    expect(metricsAllowed(remote(), token)).toBe(false);
    expect(metricsAllowed(remote("Bearer "), undefined)).toBe(false);
  });
});
