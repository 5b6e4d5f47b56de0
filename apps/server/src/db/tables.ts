import type { Insertable, Selectable } from "kysely";

/**
 * Table shapes for both dialects. Timestamps are epoch milliseconds (bigint) and booleans are
 * 0/1 integers so that one set of queries runs unchanged on SQLite and PostgreSQL.
 */
export interface TenantsTable {
  id: string;
  name: string;
  slug: string;
  modules: string; // JSON array of TenantModule
  created_at: number;
}

export interface UsersTable {
  id: string;
  email: string;
  display_name: string;
  job_title: string;
  password_hash: string | null;
  platform_admin: number;
  failed_sign_ins: number;
  first_failed_at: number | null;
  locked_until: number | null;
  preferences: string; // JSON Preferences
  created_at: number;
  password_changed_at: number | null;
}

export interface MembershipsTable {
  user_id: string;
  tenant_id: string;
  role: string;
  created_at: number;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie token
  user_id: string;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number; // absolute expiry
  ip_address: string | null;
  user_agent: string | null;
}

export interface InvitationsTable {
  id: string;
  token_hash: string;
  email: string;
  tenant_id: string;
  role: string;
  invited_by: string | null;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: string | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface AuditLogTable {
  id: string;
  at: number;
  event: string;
  tenant_id: string | null;
  actor_user_id: string | null;
  actor_email: string | null;
  ip_address: string | null;
  details: string; // JSON object
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  tenant_id: string | null;
  kind: string;
  message: string;
  link: string | null;
  created_at: number;
  read_at: number | null;
}

export interface UserDevicesTable {
  user_id: string;
  fingerprint: string;
  first_seen_at: number;
  last_seen_at: number;
}

export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface DB {
  tenants: TenantsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  api_keys: ApiKeysTable;
  audit_log: AuditLogTable;
  notifications: NotificationsTable;
  user_devices: UserDevicesTable;
  oidc_identities: OidcIdentitiesTable;
  app_settings: AppSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type TenantRow = Selectable<TenantsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewAudit = Insertable<AuditLogTable>;
