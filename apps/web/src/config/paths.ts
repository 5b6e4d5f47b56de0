/** Every route path of the web app, in one place. */
export const paths = {
  home: "/",
  login: "/login",
  signup: "/signup",
  /** What a signed-in session must do first: second factor, new password, or enrolment. */
  accountStep: "/account/step",
  dashboard: "/dashboard",
  search: "/search",
  notifications: "/notifications",
  profile: "/profile",
  settings: "/settings",
  help: "/help",
  administration: "/administration",
  reports: {
    root: "/reports",
    executive: "/reports/executive",
    service: "/reports/service",
    incidents: "/reports/incidents",
    threat: "/reports/threat",
    /** One incident as a report document. */
    incidentDocument: "/reports/incidents/:incidentId",
  },
  incidents: {
    root: "/dashboard/incidents",
    create: "/dashboard/incidents/new",
    open: "/dashboard/incidents/open",
    closed: "/dashboard/incidents/closed",
    all: "/dashboard/incidents/all",
    /** Incidents (cases) list and detail; alert detail (the server's notifications link here). */
    cases: "/dashboard/incidents/cases",
    case: "/dashboard/incidents/cases/:incidentId",
    alert: "/dashboard/incidents/alerts/:alertId",
    import: "/dashboard/incidents/import",
    quarantine: "/dashboard/incidents/quarantine",
  },
  risk: {
    root: "/dashboard/risk",
    executive: "/dashboard/risk/executive",
    cloudPosture: "/dashboard/risk/cloud-posture",
    vulnerabilities: "/dashboard/risk/vulnerabilities",
    /** Finding page (the server's notifications link here) and asset page of the vulnerable-asset list. */
    finding: "/dashboard/risk/vulnerabilities/findings/:findingId",
    asset: "/dashboard/risk/vulnerabilities/assets/:assetId",
    scanImport: "/dashboard/risk/vulnerabilities/import",
    /** ATT&CK matrix and coverage: an addition to the spec's menu (see apps/web/README.md). */
    attack: "/dashboard/risk/attack",
  },
  /** Incidents on a world map (Risk → Incident Map): an addition to the spec's menu. */
  map: "/dashboard/map",
  /** Short alias that redirects to `risk.attack`. */
  attack: "/dashboard/attack",
  attackSurface: "/attack-surface",
  compliance: {
    root: "/compliance",
    agent: "/compliance/agent",
    cloud: "/compliance/cloud",
    /** Upload of configuration-assessment results; one target's page; one control across targets. */
    import: "/compliance/import",
    target: "/compliance/targets/:tenantId/:targetKind/:targetId",
    control: "/compliance/controls/:tool/:controlId",
  },
  automation: {
    root: "/automation",
    webhooks: "/automation/webhooks",
    newRule: "/automation/rules/new",
    /** One rule with its runs, and its editor. */
    rule: "/automation/rules/:ruleId",
    editRule: "/automation/rules/:ruleId/edit",
    /** Sigma detections: rules, imports, the logsource map; one rule with its matches. */
    detections: "/automation/detections",
    detectionRule: "/automation/detections/rules/:detectionRuleId",
  },
  vm: "/vm",
  mdr: "/mdr",
  drp: "/drp",
  cloudSec: "/cloud-sec",
  ctem: "/ctem",
  apiDocs: "/api/docs",
} as const;

/** `/login?returnTo=...`; `expired` adds the flag that shows the "session expired" message. */
export function loginPath(returnTo?: string, expired = false): string {
  const params = new URLSearchParams();
  if (returnTo && returnTo !== paths.login) params.set("returnTo", returnTo);
  if (expired) params.set("expired", "1");
  const query = params.toString();
  return query ? `${paths.login}?${query}` : paths.login;
}

/**
 * Only same-site relative paths are followed after sign-in: "/x" yes, "//evil.com" or
 * "https://..." or "/\\evil.com" no, so a crafted link cannot send people off-site.
 */
export function safeReturnTo(value: string | null | undefined, fallback: string = paths.dashboard): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.startsWith(paths.login) || value.startsWith(paths.signup)) return fallback;
  return value;
}

export function searchPath(query: string): string {
  return `${paths.search}?${new URLSearchParams({ q: query })}`;
}

export function rulePath(ruleId: string): string {
  return paths.automation.rule.replace(":ruleId", encodeURIComponent(ruleId));
}

export function alertPath(alertId: string): string {
  return paths.incidents.alert.replace(":alertId", encodeURIComponent(alertId));
}

/** The alert list (all views) filtered to one technique over a window of days. */
export function techniqueAlertsPath(techniqueId: string, fromDay: string, toDay: string): string {
  return `${paths.incidents.all}?${new URLSearchParams({ technique: techniqueId, from: fromDay, to: toDay })}`;
}

export function incidentDocumentPath(incidentId: string): string {
  return paths.reports.incidentDocument.replace(":incidentId", encodeURIComponent(incidentId));
}

export function incidentPath(incidentId: string): string {
  return paths.incidents.case.replace(":incidentId", encodeURIComponent(incidentId));
}

export function findingPath(findingId: string): string {
  return paths.risk.finding.replace(":findingId", encodeURIComponent(findingId));
}

export function findingAssetPath(assetId: string): string {
  return paths.risk.asset.replace(":assetId", encodeURIComponent(assetId));
}

export function complianceTargetPath(target: { tenantId: string; targetKind: string; targetId: string }): string {
  return paths.compliance.target
    .replace(":tenantId", encodeURIComponent(target.tenantId))
    .replace(":targetKind", encodeURIComponent(target.targetKind))
    .replace(":targetId", encodeURIComponent(target.targetId));
}

/** The server's exception-expiry notifications link here too (compliance-exceptions.service.ts). */
export function complianceControlPath(tool: string, controlId: string): string {
  return paths.compliance.control.replace(":tool", encodeURIComponent(tool)).replace(":controlId", encodeURIComponent(controlId));
}

export function detectionRulePath(ruleId: string): string {
  return paths.automation.detectionRule.replace(":detectionRuleId", encodeURIComponent(ruleId));
}
