import { BlockList, isIP } from "node:net";
import { RE2JS } from "re2js";
import { SigmaRuleError } from "./sigma-error";
import type { SigmaEvent } from "./sigma-event";
import { type Glob, globOf, literalGlob, textTest, windashVariants } from "./sigma-strings";

export type EventTest = (event: SigmaEvent) => boolean;

export const supportedModifiers = [
  "contains",
  "startswith",
  "endswith",
  "all",
  "re",
  "i",
  "m",
  "s",
  "cidr",
  "base64",
  "base64offset",
  "utf16le",
  "utf16be",
  "utf16",
  "wide",
  "windash",
  "exists",
  "lt",
  "lte",
  "gt",
  "gte",
  "fieldref",
  "cased",
] as const;
type Modifier = (typeof supportedModifiers)[number];
const known = new Set<string>(supportedModifiers);

const MAX_WINDASH_VARIANTS = 625;

/**
 * Compiles one `Field|modifier|...: value(s)` item of a selection into a test of an event.
 * An empty field name is a keyword search over every field's value. Values are ORed unless
 * the `all` modifier asks for every one.
 */
export function compileFieldItem(key: string, value: unknown, path: string): EventTest {
  const [field = "", ...mods] = key.split("|");
  for (const m of mods) {
    if (m === "expand") throw new SigmaRuleError(path, "the `expand` modifier (placeholders) is not supported");
    if (!known.has(m)) throw new SigmaRuleError(path, `unknown or unsupported modifier \`${m}\``);
  }
  const has = (m: Modifier) => mods.includes(m);
  const values = Array.isArray(value) ? value : [value];
  if (values.length === 0) throw new SigmaRuleError(path, "has an empty list of values");
  for (const v of values)
    if (v !== null && typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean")
      throw new SigmaRuleError(path, "values must be strings, numbers, booleans or null");

  if (has("exists")) {
    if (mods.length !== 1 || values.length !== 1 || typeof values[0] !== "boolean")
      throw new SigmaRuleError(path, "`exists` takes exactly one value, true or false, and no other modifier");
    const want = values[0];
    return (e) => (e.fields[field] !== undefined) === want;
  }

  const tests = values.map((v) => compileValue(field, mods, v, path));
  if (has("all")) {
    if (tests.length === 1) return tests[0] as EventTest;
    return (e) => {
      for (const t of tests) if (!t(e)) return false;
      return true;
    };
  }
  if (tests.length === 1) return tests[0] as EventTest;
  return (e) => {
    for (const t of tests) if (t(e)) return true;
    return false;
  };
}

function compileValue(field: string, mods: string[], value: string | number | boolean | null, path: string): EventTest {
  const has = (m: Modifier) => mods.includes(m);
  if (value === null) {
    if (mods.some((m) => m !== "all")) throw new SigmaRuleError(path, "null cannot be combined with modifiers");
    return (e) => e.fields[field] === undefined;
  }
  const comparison = (["lt", "lte", "gt", "gte"] as const).filter(has);
  if (comparison.length) {
    if (comparison.length > 1 || mods.length !== 1 || typeof value !== "number")
      throw new SigmaRuleError(path, `\`${comparison[0]}\` takes a number and no other modifier`);
    return numberTest(field, comparison[0] as "lt" | "lte" | "gt" | "gte", value);
  }
  const text = String(value);
  if (has("re")) return regexTest(field, mods, text, path);
  if (mods.some((m) => m === "i" || m === "m" || m === "s"))
    throw new SigmaRuleError(path, "the flags i, m and s belong to the `re` modifier");
  if (has("cidr")) {
    if (mods.some((m) => m !== "cidr" && m !== "all")) throw new SigmaRuleError(path, "`cidr` takes no other modifier");
    return cidrTest(field, text, path);
  }
  if (has("fieldref")) return fieldrefTest(field, mods, text, path);

  const cased = has("cased") || has("base64") || has("base64offset");
  let globs: Glob[];
  const encoding = mods.find((m) => m === "utf16le" || m === "utf16be" || m === "utf16" || m === "wide");
  if (has("base64") || has("base64offset")) {
    if (has("base64") && has("base64offset")) throw new SigmaRuleError(path, "`base64` and `base64offset` exclude each other");
    if (has("windash")) throw new SigmaRuleError(path, "`windash` cannot be combined with base64 encoding");
    const bytes = encode(text, encoding);
    const encoded = has("base64") ? [bytes.toString("base64")] : base64Offsets(bytes);
    globs = encoded.map(literalGlob);
  } else {
    if (encoding) throw new SigmaRuleError(path, `\`${encoding}\` only applies before \`base64\` or \`base64offset\``);
    const glob = globOf(text);
    globs = has("windash") ? windashVariants(glob, MAX_WINDASH_VARIANTS, path) : [glob];
  }
  const placement = has("contains") ? "contains" : has("startswith") ? "startswith" : has("endswith") ? "endswith" : "exact";
  if (["contains", "startswith", "endswith"].filter((m) => has(m as Modifier)).length > 1)
    throw new SigmaRuleError(path, "use only one of contains, startswith and endswith");
  const stringTests = globs.map((g) => textTest(g, placement, !cased));
  const one =
    stringTests.length === 1
      ? (stringTests[0] as (s: string) => boolean)
      : (s: string) => {
          for (const t of stringTests) if (t(s)) return true;
          return false;
        };
  return fieldTextTest(field, one, !cased);
}

/** Applies a test to a field's text (any of its values; any field's values for a keyword). */
function fieldTextTest(field: string, test: (s: string) => boolean, lower: boolean): EventTest {
  if (field === "") {
    return (e) => {
      for (const key in e.fields) if (anyValue(lower ? e.lower(key) : e.fields[key], test)) return true;
      return false;
    };
  }
  if (lower) return (e) => anyValue(e.lower(field), test);
  return (e) => anyValue(e.fields[field], test);
}

function anyValue(value: string | string[] | undefined, test: (s: string) => boolean): boolean {
  if (value === undefined) return false;
  if (typeof value === "string") return test(value);
  for (const v of value) if (test(v)) return true;
  return false;
}

function numberTest(field: string, op: "lt" | "lte" | "gt" | "gte", limit: number): EventTest {
  const compare = {
    lt: (n: number) => n < limit,
    lte: (n: number) => n <= limit,
    gt: (n: number) => n > limit,
    gte: (n: number) => n >= limit,
  }[op];
  return (e) =>
    anyValue(e.fields[field], (s) => {
      if (s.trim() === "") return false;
      const n = Number(s);
      return Number.isFinite(n) && compare(n);
    });
}

function regexTest(field: string, mods: string[], pattern: string, path: string): EventTest {
  const allowed = new Set(["re", "i", "m", "s", "all"]);
  const other = mods.find((m) => !allowed.has(m));
  if (other) throw new SigmaRuleError(path, `\`re\` cannot be combined with \`${other}\``);
  let flags = 0;
  if (mods.includes("i")) flags |= RE2JS.CASE_INSENSITIVE;
  if (mods.includes("m")) flags |= RE2JS.MULTILINE;
  if (mods.includes("s")) flags |= RE2JS.DOTALL;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, flags);
  } catch (error) {
    throw new SigmaRuleError(path, `the regular expression is not valid for a linear-time engine (${(error as Error).message})`);
  }
  return (e) => anyValue(e.fields[field], (s) => re.test(s));
}

function cidrTest(field: string, cidr: string, path: string): EventTest {
  const [address = "", bits = ""] = cidr.split("/");
  const family = isIP(address);
  const prefix = Number(bits);
  const max = family === 6 ? 128 : 32;
  if (!family || !/^\d+$/.test(bits) || prefix > max) throw new SigmaRuleError(path, `\`${cidr}\` is not a CIDR network`);
  const list = new BlockList();
  list.addSubnet(address, prefix, family === 6 ? "ipv6" : "ipv4");
  return (e) =>
    anyValue(e.fields[field], (s) => {
      const f = isIP(s);
      return f !== 0 && list.check(s, f === 6 ? "ipv6" : "ipv4");
    });
}

function fieldrefTest(field: string, mods: string[], other: string, path: string): EventTest {
  const allowed = new Set(["fieldref", "cased", "contains", "startswith", "endswith", "all"]);
  const bad = mods.find((m) => !allowed.has(m));
  if (bad) throw new SigmaRuleError(path, `\`fieldref\` cannot be combined with \`${bad}\``);
  const lower = !mods.includes("cased");
  const op = mods.includes("contains")
    ? (a: string, b: string) => a.includes(b)
    : mods.includes("startswith")
      ? (a: string, b: string) => a.startsWith(b)
      : mods.includes("endswith")
        ? (a: string, b: string) => a.endsWith(b)
        : (a: string, b: string) => a === b;
  return (e) => {
    const ref = lower ? e.lower(other) : e.fields[other];
    if (ref === undefined) return false;
    const refs = typeof ref === "string" ? [ref] : ref;
    return anyValue(lower ? e.lower(field) : e.fields[field], (s) => refs.some((r) => op(s, r)));
  };
}

function encode(text: string, encoding: string | undefined): Buffer {
  if (encoding === "utf16le" || encoding === "wide") return Buffer.from(text, "utf16le");
  if (encoding === "utf16be") return Buffer.from(text, "utf16le").swap16();
  if (encoding === "utf16") return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
  return Buffer.from(text, "utf8");
}

/**
 * The three forms a value takes inside a longer base64 text, depending on its offset modulo 3:
 * the characters that depend on neighbouring bytes are cut off.
 */
export function base64Offsets(bytes: Buffer): string[] {
  const starts = [0, 2, 3];
  const ends = [0, -3, -2];
  const out: string[] = [];
  for (let i = 0; i < 3; i++) {
    const b64 = Buffer.concat([Buffer.alloc(i, 0x20), bytes]).toString("base64");
    const end = ends[(bytes.length + i) % 3] as number;
    out.push(b64.slice(starts[i], end === 0 ? undefined : end));
  }
  return out;
}
