import type { Generated, Insertable, Selectable } from "kysely";

/**
 * Table shapes for both dialects. Timestamps are epoch milliseconds (bigint) and booleans are
 * 0/1 integers so that one set of queries runs unchanged on SQLite and PostgreSQL.
 */
export interface TenantsTable {
  id: string;
  name: string;
  slug: string;
  created_at: number;
  require_second_factor: Generated<number>;
  /** Days of alerts, timeline events and audit entries kept (null: all). */
  retention_days: number | null;
}

/** One switchable module of one tenant (migration 0015, docs/modules.md). */
export interface TenantModulesTable {
  tenant_id: string;
  module: string;
  enabled: number;
  changed_at: number | null;
  changed_by: string | null;
  requested_at: number | null;
  requested_by: string | null;
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
  /** 1 after an administrator set a temporary password: the next session must change it first. */
  password_must_change: Generated<number>;
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
  second_factor_at: Generated<number | null>;
  webauthn_challenge: Generated<string | null>;
}

export interface SignInFailuresTable {
  user_id: string;
  source: string; // the client address the failures came from
  failed_count: number;
  first_failed_at: number;
  locked_until: number | null;
}

export interface UserFactorsTable {
  id: string;
  user_id: string;
  kind: "totp" | "passkey";
  label: string;
  totp_secret: string | null;
  last_totp_step: number | null;
  credential_id: string | null; // base64url
  public_key: string | null; // base64url COSE key
  sign_count: Generated<number>;
  transports: Generated<string>; // JSON array
  created_at: number;
  confirmed_at: number | null;
  last_used_at: number | null;
}

export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
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
  /** JSON list of "framework|requirement" tags (migration 0034), null when the alert has none. */
  compliance: Text;
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
/** One compliance tag of an alert (migration 0034): what the requirement roll-up counts. */
export interface AlertComplianceTable {
  tenant_id: string;
  framework: string;
  requirement: string;
  alert_id: string;
  detected_at: number;
}

export interface AlertAttackTable {
  tenant_id: string;
  attack_key: string;
  alert_id: string;
}

export interface TimelineEventsTable {
  id: string;
  tenant_id: string;
  subject_type: "alert" | "incident" | "finding";
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
  /** SavedViewList: the list the view belongs to (migration 0020). */
  list: string;
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

export interface AttackDataComponentsTable {
  /** "DC0032" */
  component_id: string;
  domain: string;
  name: string;
}

/** One data component one analytic of a technique's detection strategy reads. */
export interface AttackDetectionPathsTable {
  domain: string;
  technique_id: string;
  analytic_id: string;
  component_id: string;
}

/** An informational scanner result kept with `--include-info` (migration 0033): not a finding. */
export interface ScannerObservationsTable {
  id: string;
  tenant_id: string;
  asset_id: string;
  scanner: string;
  /** The scanner's id for the check (plugin, NVT, QID, template). */
  result_id: string;
  /** 0: about the whole host. */
  port: number;
  protocol: string;
  service: Text;
  title: string;
  evidence: Text;
  raw: Text;
  first_seen: number;
  last_seen: number;
  last_import_id: string;
  gone_at: number | null;
}

export interface AssetsTable {
  id: string;
  tenant_id: string;
  /** The spec's "ASSET-nnnn", unique per tenant. */
  asset_key: string;
  name: string;
  type: string;
  department: Text;
  business_impact: Text; // BusinessImpact
  client_environment: Text; // ClientEnvironment
  site: Text;
  latitude: number | null;
  longitude: number | null;
  owner: Text;
  internet_facing: number;
  created_at: number;
  updated_at: number;
  first_seen: number;
  last_seen: number;
}

/** kind: AssetIdentityKind; value lower-cased. Unique per (tenant, kind, value). */
export interface AssetIdentitiesTable {
  tenant_id: string;
  asset_id: string;
  kind: string;
  value: string;
}

export interface FindingsTable {
  id: string;
  tenant_id: string;
  asset_id: string;
  /** Scanner-independent vulnerability key (CVE or scanner:plugin) + "|" + port/protocol. */
  dedupe_key: string;
  title: string;
  description: Text;
  severity: string; // Priority
  severity_rank: number;
  cvss_score: number | null;
  cvss_vector: Text;
  cvss_version: Text; // "2.0" | "3.0" | "3.1" | "4.0"
  cve_ids: string; // JSON string[]
  cwe_id: Text;
  remediation: Text;
  evidence: Text;
  port: number | null;
  protocol: Text;
  service: Text;
  status: string; // FindingStatus
  close_reason: Text; // FindingCloseReason
  assignee: Text;
  assignee_user_id: Text;
  services: string; // JSON string[]: scanners that reported it
  first_seen: number;
  last_seen: number;
  due_at: Ms;
  kev: number;
  epss: number | null;
  epss_percentile: number | null;
  created_at: number;
  updated_at: number;
  closed_at: Ms;
  overdue_notified_at: Ms;
  raw: Text;
  /** CVE ids joined with ", " (sorts by the first). */
  cve_text: Text;
  /** Lower-cased title, CVEs, asset key, name and host names: the free-text filter. */
  search_text: string;
  // Copies of the asset's fields (assets.repository keeps them in step) for one-row list pages.
  asset_key: Text;
  asset_name: Text;
  asset_type: Text;
  department: Text;
  business_impact: Text;
  client_environment: Text;
}

export interface FindingSourcesTable {
  finding_id: string;
  tenant_id: string;
  scanner: string;
  scanner_finding_id: string;
  first_seen: number;
  last_seen: number;
  last_import_id: Text;
}

export interface FindingCvesTable {
  cve_id: string;
  finding_id: string;
  tenant_id: string;
}

export interface FindingImportsTable {
  id: string; // = import_runs.id
  tenant_id: string;
  scanner: string;
  full_scan: number;
  scanned_at: number;
  asset_ids: string; // JSON string[]: assets in scope of the scan
  created_at: number;
}

export interface RemediationSlaPoliciesTable {
  tenant_id: string;
  severity: string;
  days: number;
}

export interface KevCatalogTable {
  cve_id: string;
  vendor_project: Text;
  product: Text;
  vulnerability_name: Text;
  date_added: Text; // YYYY-MM-DD
  short_description: Text;
  required_action: Text;
  due_date: Text; // YYYY-MM-DD
  known_ransomware: number;
  notes: Text;
  cwes: string; // JSON string[]
}

export interface EpssScoresTable {
  cve_id: string;
  epss: number;
  percentile: number;
  score_date: Text;
}

export interface CweNamesTable {
  cwe_id: string; // "CWE-79"
  name: string;
}

/** source: "kev" | "epss" | "cwe". */
export interface IntelLoadsTable {
  source: string;
  version: Text;
  released: Text;
  filename: Text;
  records: number;
  loaded_at: number;
  loaded_by: Text;
}

/** Security-overview rollups (migration 0007-dashboard-rollups, features/rollups). */
export interface RollupTotalsTable {
  tenant_id: string;
  level: number;
  /** First quarter hour (epoch ms / 900,000) of the block; blocks span 2^level quarter hours. */
  start: number;
  alerts: number;
  crit: number;
  high: number;
  open: number;
  open_critical: number;
  open_high: number;
  open_medium: number;
  open_low: number;
  mtta_sum: number;
  mtta_n: number;
  mttr_sum: number;
  mttr_n: number;
  ack_met: number;
  ack_late: number;
  ack_pending: number;
  respond_met: number;
  respond_late: number;
  respond_pending: number;
  escalated: number;
  resolved: number;
  resolved_auto: number;
  breached_late: number;
  breached_pending: number;
  /** Migration 0035: per priority, and the service report's counts. */
  alerts_medium: number;
  alerts_low: number;
  ack_met_critical: number;
  ack_missed_critical: number;
  respond_met_critical: number;
  respond_missed_critical: number;
  mtta_sum_critical: number;
  mtta_n_critical: number;
  mttr_sum_critical: number;
  mttr_n_critical: number;
  ack_met_high: number;
  ack_missed_high: number;
  respond_met_high: number;
  respond_missed_high: number;
  mtta_sum_high: number;
  mtta_n_high: number;
  mttr_sum_high: number;
  mttr_n_high: number;
  ack_met_medium: number;
  ack_missed_medium: number;
  respond_met_medium: number;
  respond_missed_medium: number;
  mtta_sum_medium: number;
  mtta_n_medium: number;
  mttr_sum_medium: number;
  mttr_n_medium: number;
  ack_met_low: number;
  ack_missed_low: number;
  respond_met_low: number;
  respond_missed_low: number;
  mtta_sum_low: number;
  mtta_n_low: number;
  mttr_sum_low: number;
  mttr_n_low: number;
  both_missed: number;
  resolved_manual: number;
  closed_unescalated: number;
  asof: number;
  next_due: number | null;
}

/** Per analyst and block (migration 0035): what the service report's analyst activity sums. */
export interface RollupAnalystsTable {
  tenant_id: string;
  level: number;
  start: number;
  /** The assignee, or "Unassigned". */
  analyst: string;
  alerts: number;
  mtta_sum: number;
  mtta_n: number;
  mttr_sum: number;
  mttr_n: number;
  ack_met: number;
  acked: number;
}

export interface RollupRankedTable {
  tenant_id: string;
  level: number;
  start: number;
  dim: string;
  data: Uint8Array;
}

export interface RollupAttackTable {
  tenant_id: string;
  level: number;
  start: number;
  attack_key: string;
  n: number;
  latest: number;
  tactics: string;
}

export interface RollupIncidentsTable {
  tenant_id: string;
  level: number;
  start: number;
  attack_key: string;
  incident_id: string;
  n: number;
}

export interface RollupKeysTable {
  id: Generated<number>;
  dim: string;
  key: string;
}

export interface RollupDirtyTable {
  id: Generated<number>;
  tenant_id: string;
  unit: number;
}

/** Attack surface (0008): nmap imports, scanned addresses, open ports over time, TLS certificates. */
export interface SurfaceImportsTable {
  id: string; // = import_runs.id
  tenant_id: string;
  filename: string | null;
  scanner: string;
  scanner_version: string | null;
  args: string | null;
  scanned_at: number;
  baseline: number;
  hosts: number;
  services_open: number;
  services_new: number;
  services_seen: number;
  services_closed: number;
  certificates: number;
  rejected: number;
  created_by: string | null;
  created_at: number;
}

export interface SurfaceHostsTable {
  id: string;
  tenant_id: string;
  asset_id: string;
  address: string;
  address_type: string;
  public: number;
  hostnames: string; // JSON string[]
  os: string | null;
  first_scanned_at: number;
  last_scanned_at: number;
  previous_scanned_at: number | null;
  last_import_id: string;
}

export interface SurfaceServicesTable {
  id: string;
  tenant_id: string;
  asset_id: string;
  host_id: string;
  address: string;
  protocol: string;
  port: number;
  state: string;
  hostname: string | null;
  service_name: string | null;
  product: string | null;
  version: string | null;
  extra_info: string | null;
  tunnel: string | null;
  certificate_id: string | null;
  closed_import_id: string | null;
  tls: number;
  cpes: string; // JSON string[]
  first_seen_import_id: string;
  first_seen_at: number;
  opened_at: number;
  last_seen_import_id: string;
  last_seen_at: number;
  closed_at: number | null;
  updated_at: number;
}

export interface SurfaceCertificatesTable {
  id: string;
  tenant_id: string;
  asset_id: string;
  service_id: string;
  fingerprint: string;
  subject_cn: string | null;
  subject: string | null;
  subject_alt_names: string; // JSON {type, value}[]
  issuer_cn: string | null;
  issuer: string | null;
  not_before: number | null;
  not_after: number | null;
  signature_algorithm: string | null;
  public_key_type: string | null;
  public_key_bits: number | null;
  sha1: string | null;
  first_seen_import_id: string;
  first_seen_at: number;
  last_seen_import_id: string;
  last_seen_at: number;
}

/** Daily risk snapshot per tenant (migration 0008-risk-snapshots, features/risk). */
export interface RiskSnapshotsTable {
  tenant_id: string;
  /** UTC midnight of the day, epoch ms. */
  day: number;
  taken_at: number;
  score: number;
  open_findings: number;
  critical_findings: number;
  kev_findings: number;
  overdue_findings: number;
  detail: string; // JSON RiskSnapshotDetail
}

/** DRP: a domain, e-mail domain, brand or executive name a tenant watches (migration 0016). */
export interface DrpWatchedAssetsTable {
  id: string;
  tenant_id: string;
  kind: string;
  value: string;
  created_at: number;
  created_by: string | null;
}

/** DRP: a look-alike, brand-carrying domain or leaked address of a watched asset (migration 0029). */
export interface DrpFindingsTable {
  id: string;
  tenant_id: string;
  kind: string;
  value: string;
  watched_id: string | null;
  /** "kind:value" of the watched asset: part of the unique key, kept when the asset is removed. */
  watched_key: string;
  watched_kind: string;
  watched_value: string;
  techniques: string; // JSON string[]
  confidence: string;
  status: string;
  first_evidence: string; // JSON DrpEvidence
  last_evidence: string; // JSON DrpEvidence
  sightings: number;
  first_seen: number;
  last_seen: number;
  status_changed_at: number | null;
  status_changed_by: string | null;
  status_note: string | null;
}

/** Requests per key (route and address) in the current window (migration 0017). */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

/** Configuration-assessment scans (migration 0014, docs/compliance.md). */
export interface ComplianceScansTable {
  id: string;
  tenant_id: string;
  import_id: string;
  scan_key: string;
  tool: string;
  tool_version: string | null;
  target_kind: string;
  target_id: string;
  target_name: string | null;
  benchmark_id: string;
  benchmark_title: string | null;
  benchmark_version: string | null;
  scanned_at: number;
  time_source: string;
  latest: number;
  results_count: number;
  pass_count: number;
  fail_count: number;
  error_count: number;
  not_applicable_count: number;
  manual_count: number;
  not_checked_count: number;
  /** Failing results per severity, JSON (`{"high": 3}`; migration 0021). */
  fail_severity: string;
  created_at: number;
}

export interface ComplianceResultsTable {
  id: string;
  tenant_id: string;
  scan_id: string;
  result_key: string;
  control_id: string;
  title: string;
  severity: string;
  result: string;
  rationale: string | null;
  remediation: string | null;
  evidence: string | null;
  resource_id: string | null;
  resource_type: string | null;
  region: string | null;
  service: string | null;
  raw: string;
  row_number: number;
}

export interface ComplianceMappingsTable {
  tenant_id: string;
  tool: string;
  control_id: string;
  source: string;
  framework: string | null;
  requirement: string;
}

/** Accepted failing controls (migration 0021, features/compliance/compliance-exceptions.*). */
export interface ComplianceExceptionsTable {
  id: string;
  tenant_id: string;
  tool: string;
  control_id: string;
  title: string;
  target_kind: string | null;
  target_id: string | null;
  resource_id: string | null;
  reason: string;
  approved_by: string | null;
  approved_by_name: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_by_name: string | null;
  expiry_notified_at: number | null;
}

/** Per-scan compliance rollups (migration 0022, features/compliance/compliance-rollups.repository.ts). */
interface RollupCounts {
  pass: number;
  fail: number;
  error: number;
  total: number;
}
export interface ComplianceScanFrameworksTable extends RollupCounts {
  scan_id: string;
  tenant_id: string;
  framework: string;
}
export interface ComplianceScanRequirementsTable extends RollupCounts {
  scan_id: string;
  tenant_id: string;
  framework: string;
  source: string;
  requirement: string;
  /** The scan's own `latest` and `target_kind` (migration 0038), so sums need not join the scans. */
  latest: Generated<number>;
  target_kind: Generated<string>;
}
/** The requirement rollups of a tenant's latest scans summed per kind of target (migration 0040). */
export interface ComplianceRequirementTotalsTable extends RollupCounts {
  tenant_id: string;
  target_kind: string;
  framework: string;
  source: string;
  requirement: string;
}
/** Latest results of one target counted per key of one dimension (migration 0041). */
export interface ComplianceTargetBreakdownsTable extends RollupCounts {
  tenant_id: string;
  target_kind: string;
  target_id: string;
  dimension: string;
  key: string | null;
  /** Distinct resources within the target (the target itself for a result that names none). */
  resources: number;
}
/** The failing rollups of a tenant's latest scans per kind of target and control (migration 0042). */
export interface ComplianceFailingTotalsTable {
  tenant_id: string;
  target_kind: string;
  tool: string;
  control_id: string;
  /** 0: one row over every severity (severity_rank its highest); 1: one row per severity rank. */
  by_severity: number;
  severity_rank: number;
  title: string;
  failing: number;
  /** Targets distinct within the tenant and kind. */
  targets: number;
}
export interface ComplianceScanFailingTable {
  scan_id: string;
  tenant_id: string;
  tool: string;
  control_id: string;
  title: string;
  severity_rank: number;
  failing: number;
}

/** Generated reports kept in the archive (migration 0013-reports, features/reports). */
export interface ReportsTable {
  id: string;
  kind: string; // ReportKind
  title: string;
  subject: string;
  period_label: Text;
  query: string;
  incident_id: Text;
  tenant_count: number;
  created_by: Text;
  created_by_name: string;
  created_at: number;
  file_name: string;
  content_type: string;
  size: number;
  file: Uint8Array;
}

export interface ReportTenantsTable {
  report_id: string;
  tenant_id: string;
  tenant_name: string;
}

/** Background jobs, each run once across servers (migration 0019, features/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  job_key: string;
  payload: string; // JSON
  status: string; // JobStatus
  run_at: number;
  attempts: Generated<number>;
  max_attempts: number;
  claimed_by: Text;
  lease_until: number | null;
  last_error: Text;
  result: Text; // JSON
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** Report schedules (migration 0019, features/reports). */
export interface ReportSchedulesTable {
  id: string;
  name: string;
  kind: string; // ReportKind
  query: string;
  cadence: string; // ScheduleCadence
  at_time: string; // HH:MM
  weekday: number | null;
  month_day: number | null;
  time_zone: string;
  recipients: string; // JSON array of addresses
  enabled: number;
  next_run_at: number;
  last_run_at: number | null;
  created_by: Text;
  created_by_name: string;
  created_at: number;
  updated_at: number;
}

export interface ReportScheduleTenantsTable {
  schedule_id: string;
  tenant_id: string;
}

/** One run of a schedule: the archived report and its mail (migration 0019). */
export interface ReportDeliveriesTable {
  id: string;
  schedule_id: string;
  due_at: number;
  report_id: Text;
  status: string; // DeliveryStatus
  recipients: string; // JSON array
  attempts: Generated<number>;
  last_error: Text;
  created_at: number;
  sent_at: number | null;
}

export interface AutomationRulesTable {
  id: string;
  name: string;
  description: string;
  position: number;
  enabled: number;
  stop_after: number;
  trigger: string;
  every_minutes: number | null;
  condition: string;
  actions: string;
  owner_user_id: string | null;
  owner_name: string | null;
  created_at: number;
  updated_at: number;
  next_run_at: number | null;
  round_robin: number;
}

export interface AutomationRuleTenantsTable {
  rule_id: string;
  tenant_id: string;
}

export interface AutomationRunsTable {
  id: string;
  rule_id: string;
  tenant_id: string;
  trigger: string;
  subject_id: string;
  subject_name: string;
  event_key: string;
  at: number;
  outcome: string;
  actions: string;
}

export interface AutomationGroupsTable {
  rule_id: string;
  tenant_id: string;
  group_key: string;
  incident_id: string;
  opened_at: number;
}

export interface AutomationSlaRiskTable {
  alert_id: string;
  tenant_id: string;
  at: number;
}

/** Domain events waiting for the automation engine (migration 0032, db/automation-outbox.repository.ts). */
export interface AutomationOutboxTable {
  id: string;
  tenant_id: string;
  type: string; // DomainEvent["type"]
  ids: string; // JSON array
  changed: Text; // JSON array
  created_at: number;
  claimed_by: Text;
  claimed_until: number | null;
  attempts: Generated<number>;
}

export interface AlertTagsTable {
  alert_id: string;
  tenant_id: string;
  tag: string;
}

export interface WebhooksTable {
  id: string;
  tenant_id: string;
  name: string;
  kind: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_until: number | null;
  enabled: number;
  created_by_name: string | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  tenant_id: string;
  event_type: string;
  rule_id: string | null;
  payload: string;
  status: string;
  attempts: number;
  response_code: number | null;
  response_excerpt: string | null;
  duration_ms: number | null;
  error: string | null;
  created_at: number;
  last_attempt_at: number | null;
  next_attempt_at: number | null;
}

/** Sigma rules per tenant (migration 0025, features/detections). */
export interface DetectionRulesTable {
  id: string;
  tenant_id: string;
  rule_id: string;
  title: string;
  level: string;
  status: Text;
  description: Text;
  author: Text;
  tags: string; // JSON array
  false_positives: string; // JSON array
  logsource: string; // JSON object
  techniques: string; // JSON array
  tactics: string; // JSON array
  unmapped_tags: string; // JSON array
  source: string;
  file_name: Text;
  enabled: number;
  imported_at: number;
  updated_at: number;
}

/** Per-tenant detection state: edited logsource map, change version, event counts (migration 0025). */
export interface DetectionTenantStateTable {
  tenant_id: string;
  logsource_map: Text;
  version: number;
  events_received: number;
  events_matched: number;
  updated_at: number;
}

export interface DB {
  detection_rules: DetectionRulesTable;
  detection_tenant_state: DetectionTenantStateTable;
  jobs: JobsTable;
  report_schedules: ReportSchedulesTable;
  report_schedule_tenants: ReportScheduleTenantsTable;
  report_deliveries: ReportDeliveriesTable;
  rate_limits: RateLimitsTable;
  drp_watched_assets: DrpWatchedAssetsTable;
  drp_findings: DrpFindingsTable;
  compliance_exceptions: ComplianceExceptionsTable;
  compliance_scan_frameworks: ComplianceScanFrameworksTable;
  compliance_scan_requirements: ComplianceScanRequirementsTable;
  compliance_scan_failing: ComplianceScanFailingTable;
  compliance_requirement_totals: ComplianceRequirementTotalsTable;
  compliance_target_breakdowns: ComplianceTargetBreakdownsTable;
  compliance_failing_totals: ComplianceFailingTotalsTable;
  tenants: TenantsTable;
  tenant_modules: TenantModulesTable;
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
  alert_compliance: AlertComplianceTable;
  timeline_events: TimelineEventsTable;
  sla_policies: SlaPoliciesTable;
  import_runs: ImportRunsTable;
  quarantine: QuarantineTable;
  saved_views: SavedViewsTable;
  attack_techniques: AttackTechniquesTable;
  attack_data_components: AttackDataComponentsTable;
  attack_detection_paths: AttackDetectionPathsTable;
  assets: AssetsTable;
  asset_identities: AssetIdentitiesTable;
  findings: FindingsTable;
  scanner_observations: ScannerObservationsTable;
  finding_sources: FindingSourcesTable;
  finding_cves: FindingCvesTable;
  finding_imports: FindingImportsTable;
  remediation_sla_policies: RemediationSlaPoliciesTable;
  kev_catalog: KevCatalogTable;
  epss_scores: EpssScoresTable;
  cwe_names: CweNamesTable;
  intel_loads: IntelLoadsTable;
  rollup_totals: RollupTotalsTable;
  rollup_analysts: RollupAnalystsTable;
  rollup_ranked: RollupRankedTable;
  rollup_attack: RollupAttackTable;
  rollup_incidents: RollupIncidentsTable;
  rollup_keys: RollupKeysTable;
  rollup_dirty: RollupDirtyTable;
  rollup_sources: RollupSourcesTable;
  rollup_source_days: RollupSourceDaysTable;
  mdr_sources: MdrSourcesTable;
  mdr_handovers: MdrHandoversTable;
  mdr_contacts: MdrContactsTable;
  mdr_escalation_matrix: MdrEscalationMatrixTable;
  mdr_escalations: MdrEscalationsTable;
  surface_imports: SurfaceImportsTable;
  surface_hosts: SurfaceHostsTable;
  surface_services: SurfaceServicesTable;
  surface_certificates: SurfaceCertificatesTable;
  risk_snapshots: RiskSnapshotsTable;
  sign_in_failures: SignInFailuresTable;
  user_factors: UserFactorsTable;
  recovery_codes: RecoveryCodesTable;
  compliance_scans: ComplianceScansTable;
  compliance_results: ComplianceResultsTable;
  compliance_mappings: ComplianceMappingsTable;
  reports: ReportsTable;
  report_tenants: ReportTenantsTable;
  automation_rules: AutomationRulesTable;
  automation_rule_tenants: AutomationRuleTenantsTable;
  automation_runs: AutomationRunsTable;
  automation_groups: AutomationGroupsTable;
  alert_tags: AlertTagsTable;
  automation_sla_risk: AutomationSlaRiskTable;
  automation_outbox: AutomationOutboxTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  vm_campaigns: VmCampaignsTable;
  vm_open_figures: VmOpenFiguresTable;
  vm_closed_figures: VmClosedFiguresTable;
  vm_fix_groups: VmFixGroupsTable;
  vm_fix_assets: VmFixAssetsTable;
  ctem_scopes: CtemScopesTable;
  ctem_validations: CtemValidationsTable;
  ctem_tasks: CtemTasksTable;
  ctem_task_findings: CtemTaskFindingsTable;
  ctem_scope_snapshots: CtemScopeSnapshotsTable;
  vm_campaign_findings: VmCampaignFindingsTable;
  vm_risk_acceptances: VmRiskAcceptancesTable;
  vm_acceptance_findings: VmAcceptanceFindingsTable;
}

/** MDR (0026): alerts per data source (rollups), source silences, handovers, escalations. */
export interface RollupSourcesTable {
  tenant_id: string;
  start: number;
  tool: string;
  sensor: string;
  n: number;
  latest: number;
}

export interface RollupSourceDaysTable {
  tenant_id: string;
  day: number;
  tool: string;
  sensor: string;
  n: number;
  latest: number;
}

export interface MdrSourcesTable {
  tenant_id: string;
  tool: string;
  sensor: string;
  expected_minutes: number | null;
  silent_since: Ms;
  notified_at: Ms;
  /** JSON array of ATT&CK data component ids (DC0032) set by hand; null = the defaults by name. */
  components: string | null;
}

export interface MdrHandoversTable {
  id: string;
  tenant_id: string;
  shift: string;
  open_work: string;
  watch: string;
  /** JSON list of {kind, id} the note names. */
  items: string;
  author_id: Text;
  author_name: string;
  created_at: number;
}

export interface MdrContactsTable {
  id: string;
  tenant_id: string;
  name: string;
  role: Text;
  email: Text;
  phone: Text;
  created_at: number;
}

export interface MdrEscalationMatrixTable {
  tenant_id: string;
  priority: string;
  contact_id: string;
  channel: string;
}

export interface MdrEscalationsTable {
  id: string;
  tenant_id: string;
  subject: string;
  priority: string;
  contact_name: string;
  channel: string;
  note: Text;
  told_at: number;
  recorded_by: string;
  acknowledged_at: Ms;
  acknowledged_by: Text;
  created_at: number;
}

export type UserRow = Selectable<UsersTable>;
export type TenantRow = Selectable<TenantsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewAudit = Insertable<AuditLogTable>;

/** VM remediation campaigns and their findings (migration 0027, docs/vm.md). */
/** Open findings per key (migration 0036, kept in step by triggers on findings). Days are UTC day numbers. */
export interface VmOpenFiguresTable {
  tenant_id: string;
  severity_rank: number;
  seen_day: number;
  /** -1: no due date. */
  due_day: number;
  kev: number;
  high_epss: number;
  n: number;
}

/** Closed findings per key (migration 0036); `age_ms` sums closed_at - first_seen. */
export interface VmClosedFiguresTable {
  tenant_id: string;
  /** "" when the finding has none. */
  close_reason: string;
  closed_day: number;
  severity_rank: number;
  on_time: number;
  n: number;
  age_ms: number;
}

/** Open findings per tenant and remediation text (migration 0036); risk in thousandths. */
export interface VmFixGroupsTable {
  tenant_id: string;
  fix: string;
  findings: number;
  sev_1: number;
  sev_2: number;
  sev_3: number;
  sev_4: number;
  kev: number;
  risk_milli: number;
  cves_first: string | null;
  cves_last: string | null;
}

/** Open findings per tenant, remediation text and asset (migration 0036): one row per asset of a fix group. */
export interface VmFixAssetsTable {
  tenant_id: string;
  fix: string;
  asset_id: string;
  n: number;
}

export interface VmCampaignsTable {
  id: string;
  tenant_id: string;
  name: string;
  owner_user_id: string | null;
  fix_text: string | null;
  due_at: number;
  findings_total: number;
  created_by: string | null;
  created_at: number;
}

export interface VmCampaignFindingsTable {
  campaign_id: string;
  finding_id: string;
  tenant_id: string;
}

/** VM risk acceptances and the findings each closed as Accepted Risk (migration 0027). */
export interface VmRiskAcceptancesTable {
  id: string;
  tenant_id: string;
  fix_text: string | null;
  reason: string;
  approved_by: string | null;
  approved_by_name: string;
  findings_total: number;
  created_at: number;
  expires_at: number;
  expiry_notified_at: number | null;
}

export interface VmAcceptanceFindingsTable {
  acceptance_id: string;
  finding_id: string;
  tenant_id: string;
}

/** CTEM (migration 0030, docs/ctem.md). rule: JSON CtemScopeRule; business_impact: CtemImpact. */
export interface CtemScopesTable {
  id: string;
  tenant_id: string;
  name: string;
  owner_user_id: string | null;
  business_impact: string;
  rule: string;
  created_by: string | null;
  created_at: number;
}

/** The latest validation of an exposure (`finding:<id>` / `service:<id>`) in a tenant. */
export interface CtemValidationsTable {
  tenant_id: string;
  exposure_key: string;
  state: string; // CtemValidationState
  evidence: string;
  source: string; // "manual" | "nuclei"
  by_user_id: string | null;
  by_name: string | null;
  at: number;
}

export interface CtemTasksTable {
  id: string;
  tenant_id: string;
  scope_id: string;
  title: string;
  owner_user_id: string | null;
  due_at: number;
  created_by: string | null;
  created_at: number;
}

export interface CtemTaskFindingsTable {
  task_id: string;
  finding_id: string;
  tenant_id: string;
}

export interface CtemScopeSnapshotsTable {
  scope_id: string;
  tenant_id: string;
  day: number;
  score: number;
  exposures: number;
  taken_at: number;
}
