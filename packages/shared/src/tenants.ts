import { z } from "zod";
import { entitledModuleSchema, roleSchema, tenantModuleSchema } from "./enums";
import { emailSchema } from "./auth";
import { nameLimits } from "./limits";
import { freeFormRecord } from "./responses";

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(2)
  .max(nameLimits.slug)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens.");

export const tenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  modules: z.array(tenantModuleSchema),
  role: roleSchema,
  /** Members must prove a second factor at sign-in (the owner's policy). */
  requireSecondFactor: z.boolean(),
  /** Days of alerts, timeline events and audit entries kept; null keeps everything (docs/retention.md). */
  retentionDays: z.number().int().nullable(),
});
export type Tenant = z.infer<typeof tenantSchema>;

export const tenantCreateBodySchema = z.object({
  name: z.string().trim().min(1).max(nameLimits.tenantName),
  slug: slugSchema,
  /** Entitled modules to switch on; defaultEntitledModules when absent. Core modules are always on. */
  modules: z.array(entitledModuleSchema).optional(),
});

/** One entitled module of one tenant: on or off, since when and by whom, and a pending request. */
export const tenantModuleStateSchema = z.object({
  module: entitledModuleSchema,
  enabled: z.boolean(),
  /** When it was last switched on or off (null: never changed since the tenant was made without it). */
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  /** A member asked the provider for it (kept until it is enabled). */
  requestedAt: z.string().nullable(),
  requestedBy: z.string().nullable(),
});
export type TenantModuleState = z.infer<typeof tenantModuleStateSchema>;

export const tenantModulesSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  modules: z.array(tenantModuleStateSchema),
});
export type TenantModules = z.infer<typeof tenantModulesSchema>;

export const moduleSwitchBodySchema = z.object({ enabled: z.boolean() });
export const moduleRequestResultSchema = z.object({
  /** False when a request for this tenant and module was already pending (nobody is told twice). */
  requested: z.boolean(),
  requestedAt: z.string(),
});

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  displayName: z.string(),
  jobTitle: z.string(),
  role: roleSchema,
  /** Latest lock in force from any address (locks are per account and address). */
  lockedUntil: z.string().nullable(),
  /** Has a confirmed second factor. */
  secondFactor: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const roleChangeBodySchema = z.object({ role: roleSchema });

export const invitationCreateBodySchema = z.object({
  email: emailSchema,
  tenantId: z.string().min(1),
  role: roleSchema,
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  tenantId: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});

export const invitationCreatedSchema = invitationSchema.extend({
  /** Shown once: the token is stored hashed. */
  token: z.string(),
  signupPath: z.string(),
});

export const apiKeyCreateBodySchema = z.object({
  tenantId: z.string().min(1),
  name: z.string().trim().min(1).max(80),
});

export const apiKeySchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Who created the key; null once that account is gone. */
  createdByEmail: z.string().nullable(),
  /**
   * Whether the creator still belongs to the key's tenant. A key is the tenant's credential and
   * keeps working after its creator leaves; the list flags it so an admin can decide.
   */
  creatorIsMember: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  event: z.string(),
  tenantId: z.string().nullable(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  ipAddress: z.string().nullable(),
  details: freeFormRecord("What the event recorded; the fields depend on the event."),
});

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  tenantId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const adminPasswordResetBodySchema = z.object({ newPassword: z.string().max(512) });

/** Retention limits: at least a week (an SLA month needs its alerts), at most ten years. */
export const retentionLimits = { minDays: 7, maxDays: 3650 } as const;
export const tenantRetentionSchema = z.object({
  retentionDays: z.number().int().min(retentionLimits.minDays).max(retentionLimits.maxDays).nullable(),
});
export type TenantRetention = z.infer<typeof tenantRetentionSchema>;
/** `GET /tenants`: the tenants the caller belongs to. */
export const tenantListSchema = z.object({ items: z.array(tenantSchema) });
/** `GET /tenants/:id/members`. */
export const memberListSchema = z.object({ items: z.array(memberSchema) });
/** `GET /invitations`: open and accepted invitations of the tenants in scope. */
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });
export type Invitation = z.infer<typeof invitationSchema>;
export type CreatedInvitation = z.infer<typeof invitationCreatedSchema>;
/** `GET /auth/invitation?token=`: what the sign-up page shows about the invitation its link carries. */
export const invitationPreviewSchema = z.object({ email: z.string(), tenantName: z.string(), role: roleSchema });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
/** `GET /api-keys`. */
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
/** `GET /audit`: one page, newest first. */
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
/** `GET /notifications`: one page and the unread count for the bell. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number(),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
/** `POST /notifications/read-all`: how many were marked read. */
export const updatedCountSchema = z.object({ updated: z.number() });
/** `GET` and `PUT /settings/signup`: whether self-service sign-up is open. */
export const signupSettingsSchema = z.object({ open: z.boolean() });
export type SignupSettings = z.infer<typeof signupSettingsSchema>;

/** Largest report logo, decoded. */
export const BRANDING_LOGO_MAX_BYTES = 256 * 1024;

/**
 * `GET` and `PUT /settings/branding`: the provider's name and logo on report covers. The logo is
 * a PNG or JPEG data URL (`data:image/png;base64,...`); null removes it.
 */
export const brandingBodySchema = z.object({
  providerName: z.string().trim().max(80).nullable(),
  logo: z
    .string()
    .max(Math.ceil((BRANDING_LOGO_MAX_BYTES * 4) / 3) + 40)
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, "must be a PNG or JPEG as a base64 data URL")
    .nullable(),
});
export type BrandingBody = z.infer<typeof brandingBodySchema>;
export const brandingSchema = brandingBodySchema;
export type Branding = z.infer<typeof brandingSchema>;
export type TenantList = z.infer<typeof tenantListSchema>;
export type InvitationList = z.infer<typeof invitationListSchema>;
export type InvitationCreateBody = z.infer<typeof invitationCreateBodySchema>;
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
export type MemberList = z.infer<typeof memberListSchema>;
