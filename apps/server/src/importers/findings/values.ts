import { isIP } from "node:net";
import { findingInputSchema, type FindingInput } from "@watchfloor/shared";
import type { FindingImportEvent } from "./types";

/** Cuts text to `max` characters, marking the cut so nobody mistakes it for the whole output. */
export function clip(text: string | undefined | null, max: number): string | undefined {
  if (!text) return undefined;
  if (text.length <= max) return text;
  const marker = "\n[truncated]";
  return text.slice(0, max - marker.length) + marker;
}

/**
 * Re-flows text that a pretty-printer indented (GVM tags wrap at 80 columns with leading spaces):
 * trims every line, keeps paragraph breaks, drops runs of blank lines.
 */
export function tidy(text: string | undefined | null): string | undefined {
  if (!text) return undefined;
  const out = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return out || undefined;
}

/** One line: for titles that a pretty-printer wrapped. */
export function oneLine(text: string | undefined | null): string | undefined {
  const out = text?.replace(/\s+/g, " ").trim();
  return out || undefined;
}

/** CVE ids found in the values, upper-cased and de-duplicated; "NOCVE" and the like drop out. */
export function cveIds(values: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const value of values) for (const m of value.toUpperCase().matchAll(/CVE-\d{4}-\d{4,}/g)) out.add(m[0]);
  return [...out];
}

/** "79", "CWE-79" or "cwe-79" to "CWE-79". */
export function cweId(value: string | undefined): string | undefined {
  const m = value?.trim().match(/^(?:CWE-)?(\d+)$/i);
  return m ? `CWE-${m[1]}` : undefined;
}

export function toNumber(value: string | number | undefined | null): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** An address goes to `ip` only when it is one; anything else (a name, a mangled address) to `target`. */
export function splitAddress(value: string | undefined): { ip?: string; target?: string } {
  if (!value) return {};
  return isIP(value) ? { ip: value } : { target: value };
}

/**
 * An informational result: validated like a finding (its identities and fields), so an import
 * that keeps informational results stores it as an observation; one that cannot be placed on an
 * asset is skipped with the same reason, as every informational result was before.
 */
export function toInformational(row: number, reason: string, candidate: FindingInput): FindingImportEvent {
  const parsed = findingInputSchema.safeParse({ ...candidate, severity: "Low" });
  return parsed.success ? { kind: "informational", row, reason, finding: parsed.data } : { kind: "skipped", row, reason };
}

/** Validates a candidate against the shared contract: a record, or a rejection with field paths. */
export function toEvent(row: number, candidate: FindingInput): FindingImportEvent {
  const parsed = findingInputSchema.safeParse(candidate);
  if (parsed.success) return { kind: "record", row, finding: parsed.data };
  return {
    kind: "rejected",
    row,
    problems: parsed.error.issues.map((i) => ({ field: i.path.join(".") || "(record)", reason: i.message })),
    raw: clip(JSON.stringify(candidate.raw ?? candidate), 20000) ?? "",
  };
}

/**
 * Removes the indentation a pretty-printer added to an XML text node (every line after the first
 * shares it) while keeping the output's own relative indentation, which can carry meaning.
 */
export function dedent(text: string | undefined | null): string | undefined {
  if (!text) return undefined;
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const indents = lines
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.length - l.trimStart().length);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  const out = [lines[0] ?? "", ...lines.slice(1).map((l) => l.slice(Math.min(cut, l.length - l.trimStart().length)))]
    .join("\n")
    .trim();
  return out || undefined;
}
