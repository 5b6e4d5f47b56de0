/**
 * Which alert tags speak to a scanned requirement (docs/compliance.md, "Alert activity"): the same
 * id, one under it ("10.2.4" under "10.2"), or one above it ("10.2" above "10.2.1"). Ids compare
 * without case, and NIST's "AU.14" equals "AU-14".
 */
export const ALERT_WINDOW_DAYS = 30;

const canonical = (id: string) =>
  id
    .trim()
    .toLowerCase()
    .replace(/^([a-z]{2})[.-](?=\d)/, "$1-");

export function speaksTo(tag: string, requirement: string): boolean {
  const t = canonical(tag);
  const r = canonical(requirement);
  return t === r || t.startsWith(`${r}.`) || r.startsWith(`${t}.`);
}

/** Splits tags into those each requirement takes and those no requirement takes. */
export function matchAlertTags<T extends { requirement: string }>(
  requirements: readonly string[],
  tags: readonly T[],
): { byRequirement: Map<string, T[]>; unmatched: T[] } {
  const byRequirement = new Map<string, T[]>();
  const matched = new Set<T>();
  for (const requirement of requirements) {
    const mine = tags.filter((t) => speaksTo(t.requirement, requirement));
    for (const t of mine) matched.add(t);
    byRequirement.set(requirement, mine);
  }
  return { byRequirement, unmatched: tags.filter((t) => !matched.has(t)) };
}
