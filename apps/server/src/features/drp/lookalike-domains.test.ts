import { describe, expect, it } from "vitest";
import { lookalikeDomains, splitDomain } from "./lookalike-domains";

const kindsOf = (domain: string, candidate: string) => lookalikeDomains(domain).find((l) => l.domain === candidate)?.kinds;

describe("look-alike domains", () => {
  it("splits the watched label from its suffix, two-label suffixes included", () => {
    expect(splitDomain("www.Example.com.")).toEqual({ label: "example", suffix: "com" });
    expect(splitDomain("shop.example.co.uk")).toEqual({ label: "example", suffix: "co.uk" });
    expect(splitDomain("localhost")).toBeNull();
  });

  it("makes each documented technique", () => {
    expect(kindsOf("example.com", "exmple.com")).toContain("omission");
    expect(kindsOf("example.com", "exaample.com")).toContain("repetition");
    expect(kindsOf("example.com", "examlpe.com")).toContain("transposition");
    expect(kindsOf("example.com", "exsmple.com")).toContain("keyboard");
    expect(kindsOf("example.com", "exarnple.com")).toContain("homoglyph");
    expect(kindsOf("example.com", "example.net")).toEqual(["tld-swap"]);
    expect(kindsOf("example.com", "ex-ample.com")).toContain("hyphenation");
    expect(kindsOf("example.com", "exomple.com")).toContain("vowel-swap");
    expect(kindsOf("example.com", "example-login.com")).toContain("added-word");
    // 'e' (0x65) with bit 1 flipped is 'g' (0x67).
    expect(kindsOf("example.com", "gxample.com")).toContain("bitflip");
  });

  it("returns internationalised look-alikes as punycode with their Unicode form", () => {
    // "p" + Cyrillic "а" (U+0430) + "ypal.com".
    const cyrillic = lookalikeDomains("paypal.com").find((l) => l.unicode === "p\u0430ypal.com");
    expect(cyrillic?.domain.startsWith("xn--")).toBe(true);
    expect(cyrillic?.kinds).toContain("homoglyph");
  });

  it("never returns the domain itself, duplicates or invalid host names", () => {
    const all = lookalikeDomains("ab.io");
    expect(all.some((l) => l.domain === "ab.io")).toBe(false);
    expect(new Set(all.map((l) => l.domain)).size).toBe(all.length);
    for (const l of all) expect(l.domain).toMatch(/^(?:xn--)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.[a-z.]+$/);
    expect(all.some((l) => l.domain.startsWith("-") || l.domain.includes("-."))).toBe(false);
  });

  it("keeps the count bounded for a long name", () => {
    const many = lookalikeDomains("internationalbusinessmachines.com");
    expect(many.length).toBeGreaterThan(300);
    expect(many.length).toBeLessThan(5000);
  });
});
