/** A LIKE pattern that finds `text` anywhere, lower-cased, with its wildcards escaped (use `escape '\\'`). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
