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

/**
 * Modules a provider switches on per tenant (docs/modules.md). The rest of tenantModules is the
 * core every tenant has. The API refuses an entitled module's data for a tenant without it.
 */
export const entitledModules = [
  "compliance",
  "automation",
  "vm",
  "mdr",
  "drp",
  "cloud-sec",
  "ctem",
] as const satisfies readonly TenantModule[];
export const entitledModuleSchema = z.enum(entitledModules);
export type EntitledModule = z.infer<typeof entitledModuleSchema>;
/** What a new tenant gets unless its creator says otherwise: the sidebar's "Available Upgrades" are left off. */
export const defaultEntitledModules: readonly EntitledModule[] = ["compliance", "automation", "vm", "mdr"];
export const coreModules = tenantModules.filter((m) => !(entitledModules as readonly string[]).includes(m));
export const moduleLabels: Record<TenantModule, string> = {
  alerts: "Alerts",
  incidents: "Incidents",
  reports: "Reports",
  risk: "Risk",
  "attack-surface": "Attack Surface",
  compliance: "Compliance",
  automation: "Automation",
  vm: "VM",
  mdr: "MDR",
  drp: "DRP",
  "cloud-sec": "Cloud Sec",
  ctem: "CTEM",
};

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
  "tenant.module_enabled",
  "tenant.module_disabled",
  "tenant.module_requested",
  "tenant.retention_changed",
  "retention.applied",
  "settings.changed",
  "report.generated",
  "report.deleted",
  "report.schedule_created",
  "report.schedule_changed",
  "report.schedule_deleted",
  "report.sent",
  "report.send_failed",
  "compliance.exception_created",
  "compliance.exception_revoked",
  "automation.rule_created",
  "automation.rule_changed",
  "automation.rule_deleted",
  "webhook.created",
  "webhook.changed",
  "webhook.deleted",
  "webhook.secret_rotated",
  "detection.rules_imported",
  "detection.rules_switched",
  "detection.logsources_changed",
  "vm.risk_accepted",
  "drp.feed_imported",
  "drp.finding_status_changed",
  "drp.watched_asset_added",
  "ctem.scope_created",
  "ctem.exposure_validated",
  "ctem.validations_imported",
  "ctem.task_created",
  "ctem.scope_changed",
  "ctem.scope_deleted",
  "ctem.task_changed",
  "ctem.task_deleted",
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
  "module_request",
  "report_delivery",
  "compliance_exception_expired",
  "compliance_newly_failing",
  "automation",
  "webhook_dead_letter",
  "vm_acceptance_expired",
  "data_source_silent",
  "drp_high_confidence",
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * The frameworks scores are rolled up for. A tool's own label ("NIST-800-53-Revision-5",
 * "ISO27001_2013", "CIS-3.0") is kept beside the id; labels naming other frameworks or other
 * versions keep a null id and are still stored.
 */
export const complianceFrameworks = [
  "cis",
  "pci-dss-4.0",
  "nist-800-53-r5",
  "nist-csf-2.0",
  "iso-27001-2022",
  "soc2",
  "hipaa",
  "gdpr",
] as const;
export const complianceFrameworkSchema = z.enum(complianceFrameworks);
