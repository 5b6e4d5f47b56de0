import type { Role } from "./enums";

/**
 * What a role may do inside one tenant. Routes name the permission they need; the server
 * narrows the caller's tenant scope to the tenants where they hold it.
 */
export const permissions = [
  "tenant.read", // see the tenant and its operational data
  "dashboards.read", // dashboards and reports (executives have only this)
  "data.write", // triage, import, comment
  "members.manage", // invitations, roles, password resets
  "keys.manage", // API keys
  "audit.read", // security audit log
  "tenant.manage", // tenant settings and modules
  "imports.manage", // quarantined import rows: view, fix, re-submit
  "reports.schedule", // report schedules and their recipients
  "risk.accept", // accept a failing control or finding as an exception, with reason and expiry
  "automation.manage", // automation rules, webhooks and Sigma detection rules
] as const;
export type Permission = (typeof permissions)[number];

const grants: Record<Role, readonly Permission[]> = {
  owner: permissions,
  admin: [
    "tenant.read",
    "dashboards.read",
    "data.write",
    "members.manage",
    "keys.manage",
    "audit.read",
    "imports.manage",
    "reports.schedule",
    "risk.accept",
    "automation.manage",
  ],
  analyst: ["tenant.read", "dashboards.read", "data.write"],
  viewer: ["tenant.read", "dashboards.read"],
  executive: ["dashboards.read"],
};

export function roleCan(role: Role, permission: Permission): boolean {
  return grants[role].includes(permission);
}

/** Roles an actor holding `role` may hand out: nobody grants more than they have. */
export function grantableRoles(role: Role): Role[] {
  if (role === "owner") return ["owner", "admin", "analyst", "viewer", "executive"];
  if (role === "admin") return ["admin", "analyst", "viewer", "executive"];
  return [];
}
