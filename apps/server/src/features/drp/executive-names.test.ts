import { describe, expect, it } from "vitest";
import { executiveConfidence } from "./drp-confidence";
import { DomainMatcher } from "./drp-match";
import { executiveForms, nameWords } from "./executive-names";

const jane = { id: "w-jane", kind: "executive" as const, value: "Jane Doe" };
const matcher = new DomainMatcher([jane, { id: "w-own", kind: "domain", value: "janedoe.com" }]);
const exec = (host: string, source: "newly-registered" | "cert-transparency" | "alerts" = "newly-registered") =>
  matcher.match(host, source).filter((m) => m.kind === "executive-in-domain");

describe("executive names inside domains", () => {
  it("folds a name to its ASCII words and the forms looked for", () => {
    expect(nameWords("  José  de-la Cruz ")).toEqual(["jose", "de", "la", "cruz"]);
    expect(executiveForms("Jane Doe")).toEqual([
      { form: "janedoe", reversed: false },
      { form: "doejane", reversed: true },
    ]);
    expect(executiveForms("Mary Ann Smith").map((f) => f.form)).toEqual(["maryannsmith", "marysmith", "smithmary"]);
  });

  it("ignores one-word names, names too short to be specific and names in other scripts", () => {
    expect(executiveForms("Madonna")).toEqual([]);
    expect(executiveForms("Li Na")).toEqual([]);
    expect(executiveForms("Bo Li")).toEqual([]);
    expect(executiveForms("Иван Петров")).toEqual([]);
    expect(new DomainMatcher([{ id: "x", kind: "executive", value: "Li Na" }]).watchesAnything).toBe(false);
  });

  it("matches the whole name as one word, across hyphens and dots, in either order", () => {
    expect(exec("janedoe.net").map((m) => [m.value, m.techniques])).toEqual([["janedoe.net", ["full-name"]]]);
    expect(exec("jane-doe.org")).toHaveLength(1);
    expect(exec("login.jane.doe.example.co.uk").map((m) => m.value)).toEqual(["example.co.uk"]);
    expect(exec("doe-jane.io").map((m) => m.techniques)).toEqual([["reversed-name"]]);
    expect(exec("janedoe-payroll.net")).toHaveLength(1);
  });

  it("does not match the name inside a longer word, a part of the name, or the tenant's own domain", () => {
    expect(exec("janedoesmith.net")).toEqual([]);
    expect(exec("xjanedoe.net")).toEqual([]);
    expect(exec("jane-does.net")).toEqual([]);
    expect(exec("jane.net")).toEqual([]);
    expect(exec("doe-family.net")).toEqual([]);
    expect(exec("jane-x-doe.net")).toEqual([]);
    expect(exec("janedoe.com")).toEqual([]);
    expect(exec("www.janedoe.com")).toEqual([]);
    // The name only in the public suffix part is not in a label.
    expect(exec("janedoe")).toEqual([]);
  });

  it("is high beside a phishing word, low alone, one step up when seen in use", () => {
    expect(exec("janedoe-login.net")[0]).toMatchObject({ confidence: "high", techniques: ["full-name", "phishing-word"] });
    expect(exec("jane-doe.net")[0]?.confidence).toBe("low");
    expect(exec("jane-doe.net", "cert-transparency")[0]?.confidence).toBe("medium");
    expect(exec("jane-doe.net", "alerts")[0]?.confidence).toBe("medium");
    expect(executiveConfidence({ phishingWord: true }, "alerts")).toBe("high");
  });

  it("with onlyId, makes findings for that asset alone while the others stay the tenant's own", () => {
    const brand = { id: "w-brand", kind: "brand" as const, value: "Acme" };
    const only = new DomainMatcher([jane, brand, { id: "w-own", kind: "domain", value: "janedoe.com" }], "w-jane");
    expect(only.match("acme-jane-doe.net", "newly-registered").map((m) => m.watched.id)).toEqual(["w-jane"]);
    expect(only.match("janedoe.com", "newly-registered")).toEqual([]);
    expect(new DomainMatcher([jane, brand], "w-brand").match("acme-jane-doe.net", "newly-registered").map((m) => m.kind)).toEqual(
      ["brand-in-domain"],
    );
  });
});
