import { SigmaRuleError } from "./sigma-error";

/** A Sigma string value: literal text with `*` (any run) and `?` (one character) wildcards. */
export type GlobPart = string | typeof STAR | typeof ONE;
export type Glob = GlobPart[];
export const STAR = Symbol("*");
export const ONE = Symbol("?");

/**
 * Reads a Sigma string: `*` and `?` are wildcards, `\*`, `\?` and `\\` are the characters
 * themselves, and any other backslash is a plain backslash (so `C:\Windows\` needs no escaping).
 */
export function globOf(text: string): Glob {
  const parts: Glob = [];
  let literal = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\") {
      const next = text[i + 1];
      if (next === "*" || next === "?" || next === "\\") {
        literal += next;
        i++;
      } else literal += c;
    } else if (c === "*" || c === "?") {
      if (literal) parts.push(literal);
      literal = "";
      parts.push(c === "*" ? STAR : ONE);
    } else literal += c;
  }
  if (literal) parts.push(literal);
  return parts;
}

export const literalGlob = (text: string): Glob => [text];

const DASHES = ["-", "/", "\u2013", "\u2014", "\u2015"];
const wordChar = /\w/;

/**
 * `windash`: a command-line flag written `-flag` may be written with `/`, an en dash, an em
 * dash or a horizontal bar instead. A dash or slash counts as a flag start where it follows a
 * non-word character (or the start) and precedes a word character. Every combination is made.
 */
export function windashVariants(glob: Glob, max: number, path: string): Glob[] {
  let variants: Glob[] = [[]];
  for (let p = 0; p < glob.length; p++) {
    const part = glob[p] as GlobPart;
    if (typeof part !== "string") {
      for (const v of variants) v.push(part);
      continue;
    }
    let pieces: string[] = [""];
    for (let i = 0; i < part.length; i++) {
      const c = part[i] as string;
      const before = i > 0 ? part[i - 1] : undefined;
      const after = part[i + 1];
      const flagStart =
        (c === "-" || c === "/") &&
        (before === undefined || !wordChar.test(before)) &&
        after !== undefined &&
        wordChar.test(after);
      if (flagStart) {
        const next: string[] = [];
        for (const piece of pieces) for (const d of DASHES) next.push(piece + d);
        pieces = next;
      } else pieces = pieces.map((piece) => piece + c);
    }
    if (pieces.length * variants.length > max)
      throw new SigmaRuleError(path, `\`windash\` would make more than ${max} variants of this value`);
    const combined: Glob[] = [];
    for (const v of variants) for (const piece of pieces) combined.push([...v, piece]);
    variants = combined;
  }
  return variants;
}

export type Placement = "exact" | "contains" | "startswith" | "endswith";

/**
 * A test of a text against a glob. Common shapes become `includes`, `startsWith`, `endsWith`
 * or `===`; others use a linear-space wildcard walk (at worst text × pattern steps, never
 * exponential). With `lower`, the glob is lower-cased and the text is expected lower-case.
 */
export function textTest(glob: Glob, placement: Placement, lower: boolean): (s: string) => boolean {
  let parts: Glob = glob.map((p) => (typeof p === "string" && lower ? p.toLowerCase() : p));
  if (placement === "contains" || placement === "endswith") parts = [STAR, ...parts];
  if (placement === "contains" || placement === "startswith") parts = [...parts, STAR];
  parts = squeeze(parts);
  const [a, b, c] = parts;
  if (parts.length === 0) return (s) => s === "";
  if (parts.length === 1 && a === STAR) return () => true;
  if (parts.length === 1 && typeof a === "string") return (s) => s === a;
  if (parts.length === 2 && typeof a === "string" && b === STAR) return (s) => s.startsWith(a);
  if (parts.length === 2 && a === STAR && typeof b === "string") return (s) => s.endsWith(b);
  if (parts.length === 3 && a === STAR && typeof b === "string" && c === STAR) return (s) => s.includes(b);
  return (s) => globMatch(parts, s);
}

/** Merges adjacent literals and repeated stars. */
function squeeze(parts: Glob): Glob {
  const out: Glob = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (p === STAR && last === STAR) continue;
    if (typeof p === "string" && typeof last === "string") out[out.length - 1] = last + p;
    else out.push(p);
  }
  return out;
}

/**
 * Wildcard match with one remembered star: on a mismatch, the last star takes one more
 * character. Literal runs are compared whole.
 */
function globMatch(parts: Glob, s: string): boolean {
  let p = 0;
  let i = 0;
  let starP = -1;
  let starI = 0;
  while (i < s.length || p < parts.length) {
    const part = parts[p];
    if (part === STAR) {
      starP = p++;
      starI = i;
      continue;
    }
    if (part === ONE && i < s.length) {
      p++;
      i++;
      continue;
    }
    if (typeof part === "string" && s.startsWith(part, i)) {
      p++;
      i += part.length;
      continue;
    }
    if (starP < 0 || starI >= s.length) return false;
    p = starP + 1;
    i = ++starI;
  }
  return true;
}
