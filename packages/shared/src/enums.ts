import { z } from "zod";

/** Roles a user can hold in a tenant. `executive` sees dashboards and reports only. */
export const roles = ["owner", "admin", "analyst", "viewer", "executive"] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Modules a tenant can have enabled; used by the shell to show what a tenant has bought. */
export const tenantModules = [
  "alerts",
  "incidents",
  "reports",
  "risk",
  "attack-surface",
  "compliance",
  "automation",
  "vm",
  "mdr",
  "drp",
  "cloud-sec",
  "ctem",
] as const;
export const tenantModuleSchema = z.enum(tenantModules);
export type TenantModule = z.infer<typeof tenantModuleSchema>;

export const priorities = ["Low", "Medium", "High", "Critical"] as const;
export const prioritySchema = z.enum(priorities);
export type Priority = z.infer<typeof prioritySchema>;

export const incidentStatuses = ["Open", "Acknowledged", "In Progress", "Resolved", "Closed"] as const;
export const incidentStatusSchema = z.enum(incidentStatuses);
export type IncidentStatus = z.infer<typeof incidentStatusSchema>;

export const assetStatuses = ["Open", "In Progress", "Triaged", "Closed"] as const;
export const assetStatusSchema = z.enum(assetStatuses);

export const slaStatuses = ["Met", "Missed"] as const;
export const slaStatusSchema = z.enum(slaStatuses);

export const themes = ["light", "dark", "system"] as const;
export const themeSchema = z.enum(themes);

export const dateFormats = ["YYYY-MM-DD", "DD/MM/YYYY", "MM/DD/YYYY"] as const;
export const dateFormatSchema = z.enum(dateFormats);

/** Security events kept in the audit log. */
export const auditEvents = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.lockout",
  "auth.sign_out",
  "auth.sign_up",
  "auth.password_changed",
  "auth.password_reset",
  "auth.sso_sign_in",
  "auth.second_factor_enrolled",
  "auth.second_factor_verified",
  "auth.second_factor_removed",
  "auth.second_factor_reset",
  "auth.recovery_codes_renewed",
  "member.role_changed",
  "member.removed",
  "invitation.created",
  "invitation.accepted",
  "invitation.revoked",
  "api_key.created",
  "api_key.revoked",
  "api_key.creator_removed",
  "tenant.created",
  "tenant.security_policy_changed",
  "settings.changed",
  "report.generated",
  "report.deleted",
] as const;
export const auditEventSchema = z.enum(auditEvents);
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const notificationKinds = [
  "new_device_sign_in",
  "account_security",
  "invitation_accepted",
  "api_key_creator_removed",
  "sla_breach",
  "assignment",
  "plan_expiry",
  "product_news",
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;
