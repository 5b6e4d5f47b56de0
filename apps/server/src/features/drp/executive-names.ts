/**
 * Executive names as they are written inside domains (docs/drp.md, "Matching"). Pure.
 *
 * The rule is conservative, because people share names: a name is matched only as a whole
 * (given and family name together, in either order), written as one word or across hyphens and
 * dots (`janedoe`, `jane-doe`, `doe.jane`), never inside a longer word (`janedoesmith`), and only
 * when it has at least two words and each written form has at least EXECUTIVE_MIN_LETTERS letters.
 */
export const EXECUTIVE_MIN_LETTERS = 6;

/** The name's words folded to ASCII letters (`José  de-la Cruz` → jose, de, la, cruz); other scripts fold to nothing. */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/**
 * The forms of a name looked for in a domain's labels: every word in order (`maryannsmith`), the
 * first and last word (`marysmith`) and the two reversed (`smithmary`). Empty when the name is
 * one word, or too short to say anything (`Li Na` → `lina` is a word in too many domains).
 */
export function executiveForms(name: string): { form: string; reversed: boolean }[] {
  const words = nameWords(name);
  const first = words[0];
  const last = words[words.length - 1];
  if (words.length < 2 || first === undefined || last === undefined) return [];
  const forms = new Map<string, boolean>([
    [words.join(""), false],
    [first + last, false],
  ]);
  if (!forms.has(last + first)) forms.set(last + first, true);
  return [...forms].filter(([form]) => form.length >= EXECUTIVE_MIN_LETTERS).map(([form, reversed]) => ({ form, reversed }));
}
