/** How people name an incident: the tenant's slug and its per-tenant number, "TENANT-A-INC-0007". */
export const incidentReference = (tenantSlug: string, number: number): string =>
  `${tenantSlug.toUpperCase()}-INC-${String(number).padStart(4, "0")}`;

/**
 * A search text that names an incident by reference: "INC-0007", "inc-7" or the full
 * "TENANT-A-INC-0007" (then the slug narrows it to that tenant). Anything else is null.
 */
export function parseIncidentReference(text: string): { slug?: string; number: number } | null {
  const match = /^(?:([a-z0-9][a-z0-9-]*)-)?inc-?0*(\d{1,9})$/i.exec(text.trim());
  if (!match?.[2]) return null;
  return { ...(match[1] ? { slug: match[1].toLowerCase() } : {}), number: Number(match[2]) };
}
