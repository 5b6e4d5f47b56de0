/** Limits shared by server validation and the forms that show them. */
export const passwordRules = {
  minLength: 12,
  maxLength: 128,
} as const;

export const nameLimits = { displayName: 80, jobTitle: 80, tenantName: 80, slug: 40 } as const;

/** Sign-in lockout: this many failures inside the window locks the account for the lock time. */
export const lockoutPolicy = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;

/** Layout constants from the product spec (section 9). */
export const layout = {
  sidebarExpandedPx: 270,
  sidebarCollapsedPx: 76,
  autoExpandAbovePx: 780,
  initialOpenFromPx: 1024,
  headerPx: 68,
  contentOffsetPx: 70,
  notificationMaxHeightPx: 280,
  notificationMaxWidthPx: 230,
  submenuAnimationS: 0.3,
  profileMenuAnimationS: 0.1,
} as const;

/** JSON nested deeper than this is refused (uploads, imports): real security documents stay far below it. */
export const jsonMaxDepth = 64;

/**
 * File imports (docs/importers/limits.md). A file that is mostly unreadable is refused
 * whole: its first `sniffBytes` hold a NUL byte or are not UTF-8 text, or more than
 * `maxRejectedShare` of its first `probeRows` rows are rejected (judged at the end for a file of
 * `minProbeRows` to `probeRows` rows; shorter files are never judged by the share). Quarantine
 * keeps at most `quarantineRows` rejected rows of one import; the report counts the rest.
 */
export const importLimits = {
  sniffBytes: 64 * 1024,
  probeRows: 1000,
  minProbeRows: 100,
  maxRejectedShare: 0.5,
  quarantineRows: 1000,
} as const;

const MB = 1024 * 1024;

/** Largest upload each import route accepts, in bytes (413 above it). The CLI has no limit. */
export const uploadLimits = {
  /** POST /api/v1/imports/alerts: alert exports (JSON, NDJSON, CSV, Zeek). */
  alerts: 256 * MB,
  /** POST /api/v1/imports/findings: scanner reports (a 50,000-finding Nessus file is about 350 MB). */
  findings: 512 * MB,
  /** POST /api/v1/imports/assets: asset inventories (100,000 assets are about 30 MB). */
  assets: 64 * MB,
  /** POST /api/v1/imports/nmap: nmap XML scans. */
  nmap: 256 * MB,
  /** POST /api/v1/intel/{kev,epss,cwe}: reference feeds (EPSS CSV about 10 MB, CWE XML about 15 MB). */
  intel: 64 * MB,
  /** POST /api/v1/imports/compliance: assessment results (OpenSCAP ARF of a full profile is tens of MB, ScoutSuite of a large estate hundreds). */
  compliance: 512 * MB,
  /** POST /api/v1/drp/imports: DRP feeds (a day of newly registered domains is about 5 MB, crt.sh exports tens of MB). */
  drp: 128 * MB,
  /** POST /api/v1/ctem/scopes/{scopeId}/validations/nuclei: Nuclei results (JSON lines or array). */
  ctemNuclei: 64 * MB,
} as const;
export type UploadKind = keyof typeof uploadLimits;
