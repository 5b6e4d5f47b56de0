/** How people name an incident: the tenant's slug and its per-tenant number, "TENANT-A-INC-0007". */
export const incidentReference = (tenantSlug: string, number: number): string =>
  `${tenantSlug.toUpperCase()}-INC-${String(number).padStart(4, "0")}`;
