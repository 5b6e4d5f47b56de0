/**
 * Nesting checks that never recurse, so a hostile document cannot overflow the stack of the code
 * that checks it (the reason for the limit: JSON.stringify and recursive walkers do overflow).
 */

/** True when a JSON text opens more than `max` arrays or objects inside one another. */
export function jsonTextTooDeep(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** True when a parsed value nests arrays or objects more than `max` deep. */
export function valueTooDeep(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== "object") continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(v as Record<string, unknown>))
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}
