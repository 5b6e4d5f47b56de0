import { describe, expect, it } from "vitest";
import { brandConfidence, higherConfidence, leakConfidence, lookalikeConfidence } from "./drp-confidence";
import { DomainMatcher, watchedForAddress } from "./drp-match";

const day = 24 * 60 * 60 * 1000;

describe("DRP confidence rule", () => {
  it("rates look-alikes by technique, one step up when a certificate or an alert shows the domain in use", () => {
    expect(lookalikeConfidence(["homoglyph"], "newly-registered")).toBe("high");
    expect(lookalikeConfidence(["added-word"], "newly-registered")).toBe("high");
    expect(lookalikeConfidence(["omission", "bitflip"], "newly-registered")).toBe("medium");
    expect(lookalikeConfidence(["tld-swap"], "newly-registered")).toBe("medium");
    expect(lookalikeConfidence(["bitflip"], "newly-registered")).toBe("low");
    expect(lookalikeConfidence(["bitflip"], "cert-transparency")).toBe("medium");
    expect(lookalikeConfidence(["keyboard"], "alerts")).toBe("high");
    expect(lookalikeConfidence(["homoglyph"], "cert-transparency")).toBe("high");
  });

  it("rates a brand inside a domain by how it is written", () => {
    expect(brandConfidence({ wholeWord: true, phishingWord: true }, "newly-registered")).toBe("high");
    expect(brandConfidence({ wholeWord: true, phishingWord: false }, "newly-registered")).toBe("medium");
    expect(brandConfidence({ wholeWord: false, phishingWord: true }, "newly-registered")).toBe("low");
    expect(brandConfidence({ wholeWord: false, phishingWord: false }, "cert-transparency")).toBe("medium");
  });

  it("rates leaks by whether a password leaked and how old the leak is", () => {
    const now = Date.parse("2026-06-01T00:00:00Z");
    expect(leakConfidence({ hadPassword: true, leakedAt: now - 10 * day }, now)).toBe("high");
    expect(leakConfidence({ hadPassword: true, leakedAt: null }, now)).toBe("high");
    expect(leakConfidence({ hadPassword: false, leakedAt: now - 10 * day }, now)).toBe("medium");
    expect(leakConfidence({ hadPassword: true, leakedAt: now - 400 * day }, now)).toBe("medium");
    expect(leakConfidence({ hadPassword: false, leakedAt: now - 400 * day }, now)).toBe("low");
    expect(higherConfidence("low", "high")).toBe("high");
    expect(higherConfidence("medium", "low")).toBe("medium");
  });
});

describe("DRP matching", () => {
  const matcher = new DomainMatcher([
    { id: "d", kind: "domain", value: "example.com" },
    { id: "b", kind: "brand", value: "Acme Bank" },
    { id: "s", kind: "brand", value: "abc" },
  ]);

  it("finds look-alikes of a watched domain with their techniques, on the registrable domain", () => {
    const [m, ...rest] = matcher.match("login.exarnple.com", "cert-transparency");
    expect(rest).toEqual([]);
    expect(m).toMatchObject({ kind: "lookalike-domain", value: "exarnple.com", techniques: ["homoglyph"], confidence: "high" });
    expect(matcher.match("xn--xample-2of.com", "newly-registered")[0]?.techniques).toEqual(["homoglyph"]);
    expect(matcher.match("exmple.com", "newly-registered")[0]).toMatchObject({ techniques: ["omission"], confidence: "medium" });
  });

  it("finds a brand or the watched domain's name inside other domains, never the tenant's own", () => {
    expect(matcher.match("acme-bank-login.net", "newly-registered")[0]).toMatchObject({
      kind: "brand-in-domain",
      value: "acme-bank-login.net",
      watched: { id: "b" },
      confidence: "high",
    });
    expect(matcher.match("acmebankplumbing.org", "newly-registered")[0]).toMatchObject({
      techniques: ["inside-word"],
      confidence: "low",
    });
    expect(matcher.match("example-shop.io", "newly-registered")[0]).toMatchObject({ watched: { id: "d" }, confidence: "medium" });
    expect(matcher.match("shop.example.com", "alerts")).toEqual([]);
    expect(matcher.match("example.com", "alerts")).toEqual([]);
    // A three-letter brand only as a whole word.
    expect(matcher.match("abcroad.com", "newly-registered")).toEqual([]);
    expect(matcher.match("abc-login.com", "newly-registered")[0]?.watched.id).toBe("s");
    expect(matcher.match("unrelated.org", "newly-registered")).toEqual([]);
  });

  it("ties a leaked address to the watched domain it belongs to", () => {
    const watched = [{ id: "m", kind: "email-domain" as const, value: "corp.example" }];
    expect(watchedForAddress("corp.example", watched)?.id).toBe("m");
    expect(watchedForAddress("eu.corp.example", watched)?.id).toBe("m");
    expect(watchedForAddress("notcorp.example", watched)).toBeUndefined();
  });
});
