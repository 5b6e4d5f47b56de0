import type { z } from "zod";

export const nulMessage = "contains a NUL character (U+0000), which cannot be stored";

/**
 * The path of the first string (value or object key) holding U+0000, or null. PostgreSQL text
 * cannot store it, so it is refused everywhere, on both databases, with the field named.
 * Iterative: a hostile document cannot overflow the stack.
 */
export function findNul(value: unknown, maxNodes = 200_000): (string | number)[] | null {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  for (let seen = 0; stack.length && seen < maxNodes; seen++) {
    const [v, path] = stack.pop() as [unknown, (string | number)[]];
    if (typeof v === "string") {
      if (v.includes("\u0000")) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...path, i]]);
    } else if (v !== null && typeof v === "object") {
      // Pushed in reverse so the first field in the document is reported first.
      const entries = Object.entries(v);
      for (const [k] of entries) if (k.includes("\u0000")) return [...path, k];
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i] as [string, unknown];
        stack.push([child, [...path, k]]);
      }
    }
  }
  return null;
}

/** Adds the NUL check to a schema (used on every record contract that reaches the database). */
export function refuseNul<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const path = findNul(value);
    if (path) ctx.addIssue({ code: "custom", path, message: nulMessage });
  }) as T;
}
