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


export interface IncidentsTable {
  id: string;
  tenant_id: string;
  number: number;
  title: string;
  description: string | null;
  priority: string;
  status: string;
  owner_user_id: string | null;
  root_cause: string | null;
  resolution_type: string | null;
  closure_notes: string | null;
  ticket_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  acknowledged_at: number | null;
  responded_at: number | null;
  resolved_at: number | null;
  closed_at: number | null;
}

type Text = string | null;
type Ms = number | null;

export interface AlertsTable {
  id: string;
  tenant_id: string;
  source: string;
  source_id: string;
  name: string;
  priority: string;
  priority_rank: number;
  status: string;
  assignee: Text;
  assignee_user_id: Text;
  incident_id: Text;
  detected_at: number;
  created_at: number;
  updated_at: number;
  raw: Text;
  search_text: string;
  rule: Text;
  type: Text;
  detection_source: Text;
  source_detection_source: Text;
  source_tool: Text;
  resolution_type: Text;
  root_cause: Text;
  ack_sla_status: Text;
  resp_sla_status: Text;
  ticket_id: Text;
  closure_notes: Text;
  detection_sla: Text;
  notify_sla: Text;
  client_environment: Text;
  client_play: Text;
  customer_id: Text;
  customer_env: Text;
  customer_source: Text;
  device_type: Text;
  username: Text;
  user_ref: Text;
  user_department: Text;
  hostname: Text;
  src_ip: Text;
  dst_ip: Text;
  description: Text;
  /** Who sent the alert: a person's name or an API key's. */
  ingested_by: Text;
  services: string;
  mitre_techniques: string;
  tactics: string;
  source_tools: string;
  occurred_at: Ms;
  acknowledged_at: Ms;
  assigned_at: Ms;
  responded_at: Ms;
  resolved_at: Ms;
  closed_at: Ms;
  escalated_at: Ms;
  ack_due_at: Ms;
  respond_due_at: Ms;
  resolve_due_at: Ms;
  modified_at: Ms;
  client_updated_at: Ms;
  breach_notified_at: Ms;
  resolved_automatically: number | null;
  follow_up: number | null;
  requires_follow_up: number | null;
  confirmed_incident: number | null;
  avg_response_min: number | null;
  avg_closure_min: number | null;
  avg_update_time: number | null;
  user_risk_score: number | null;
}

/** attack_key: a technique id ("T1110.001") or "tactic:<name>". */
export interface AlertAttackTable {
  tenant_id: string;
  attack_key: string;
  alert_id: string;
}

export interface TimelineEventsTable {
  id: string;
  tenant_id: string;
  subject_type: "alert" | "incident";
  subject_id: string;
  at: number;
  actor_user_id: string | null;
  actor_name: string | null;
  kind: string;
  changes: string;
  comment: string | null;
}

export interface SlaPoliciesTable {
  tenant_id: string;
  priority: string;
  ack_minutes: number;
  respond_minutes: number;
  resolve_minutes: number;
}

export interface ImportRunsTable {
  id: string;
  tenant_id: string;
  kind: string;
  format: string;
  filename: string | null;
  created_by: string | null;
  created_at: number;
  report: string;
}

export interface QuarantineTable {
  id: string;
  tenant_id: string;
  import_id: string | null;
  format: string;
  row_number: number;
  raw: string;
  problems: string;
  created_at: number;
  resolved_at: number | null;
}

export interface SavedViewsTable {
  id: string;
  user_id: string;
  name: string;
  query: string;
  created_at: number;
}

export interface AttackTechniquesTable {
  stix_id: string;
  technique_id: string;
  domain: string;
  name: string;
  tactics: string; // JSON array of tactic names
  is_subtechnique: number;
  parent_id: string | null;
  revoked: number;
  deprecated: number;
  version: string | null;
  modified: string | null;
  url: string | null;
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
  incidents: IncidentsTable;
  alerts: AlertsTable;
  alert_attack: AlertAttackTable;
  timeline_events: TimelineEventsTable;
  sla_policies: SlaPoliciesTable;
  import_runs: ImportRunsTable;
  quarantine: QuarantineTable;
  saved_views: SavedViewsTable;
  attack_techniques: AttackTechniquesTable;
}

export type UserRow = Selectable<UsersTable>;
export type TenantRow = Selectable<TenantsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewAudit = Insertable<AuditLogTable>;
