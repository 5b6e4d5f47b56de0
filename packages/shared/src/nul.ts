import type { z } from "zod";

export const nulMessage = "contains a NUL character (U+0000), which cannot be stored";

/**
 * The path of the first string (value or object key) holding U+0000, or null. PostgreSQL text
 * cannot store it, so it is refused everywhere, on both databases, with the field named.
 * Iterative: a hostile document cannot overflow the stack.
 */
export function findNul(value: unknown, maxNodes = 200_000): (string | number)[] | null {
  // Each entry points at its parent, so a path is built only for the one string found: copying
  // paths on the way down made a 20,000-deep array cost seconds.
  type Node = { v: unknown; key: string | number | null; up: Node | null };
  const pathOf = (node: Node | null, last?: string | number) => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let n = node; n && n.key !== null; n = n.up) path.push(n.key);
    return path.reverse();
  };
  const stack: Node[] = [{ v: value, key: null, up: null }];
  for (let seen = 0; stack.length && seen < maxNodes; seen++) {
    const node = stack.pop() as Node;
    const v = node.v;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, up: node });
    } else if (v !== null && typeof v === "object") {
      // Pushed in reverse so the first field in the document is reported first.
      const entries = Object.entries(v);
      for (const [k] of entries) if (k.includes("\u0000")) return pathOf(node, k);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i] as [string, unknown];
        stack.push({ v: child, key: k, up: node });
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
