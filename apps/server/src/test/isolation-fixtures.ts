import { insertFactor } from "../features/auth/factors.repository";
import { enqueueDelivery } from "../features/webhooks/webhooks.service";
import { entitledModules } from "@watchfloor/shared";
import { newId } from "../lib/tokens";
import type { TestApp } from "./test-server";
import { makeTenant, makeUser, PASSWORD, signedInClient } from "./factories";
import { TestClient } from "./test-server";

/**
 * Real resources owned by Tenant B, made through the API, for the route-policy test. A new
 * route with a new path parameter or a write body needs an entry here; the test says which.
 */
export async function isolationFixtures(app: TestApp) {
  // Every module on both sides, so module routes answer on the data (entitlement refusals have their own test).
  const tenantA = await makeTenant(app, "Isolation A", entitledModules);
  const tenantB = await makeTenant(app, "Isolation B", entitledModules);
  const { client: bOwner } = await signedInClient(app, [{ tenantId: tenantB.id, role: "owner" }]);
  const bUser = await makeUser(app, [{ tenantId: tenantB.id, role: "analyst" }], { email: "b-analyst@isolation.test" });

  const invitation = (
    await bOwner.post("/api/v1/invitations", { email: "b-invitee@isolation.test", tenantId: tenantB.id, role: "analyst" })
  ).json();
  const key = (await bOwner.post("/api/v1/api-keys", { tenantId: tenantB.id, name: "b-ingest-key" })).json();
  const bUserClient = new TestClient(app, "b-device-1", "192.0.2.50");
  await bUserClient.signIn(bUser.email, PASSWORD);
  await new TestClient(app, "b-device-2", "192.0.2.51").signIn(bUser.email, PASSWORD);
  const notification = (await bUserClient.get("/api/v1/notifications")).json().items[0];
  const alert = (
    await bOwner.post(`/api/v1/alerts?tenantId=${tenantB.id}`, {
      source: "isolation",
      sourceId: "b-alert-1",
      name: "B secret alert",
      priority: "High",
    })
  ).json();
  const csv = "id,name,priority,status\nB-1,B secret import,High,Open\nB-2,,Low,Open\n";
  await bOwner.request({
    method: "POST",
    url: `/api/v1/imports/alerts?tenantId=${tenantB.id}&format=sample-csv`,
    payload: csv,
    headers: { "content-type": "text/csv" },
  });
  const quarantined = await app.ctx.db
    .selectFrom("quarantine")
    .select("id")
    .where("tenant_id", "=", tenantB.id)
    .executeTakeFirstOrThrow();
  const view = (await bUserClient.post("/api/v1/saved-views", { name: "B secret view", query: "priority=High" })).json();
  const incident = (
    await bOwner.post("/api/v1/incidents", {
      tenantId: tenantB.id,
      title: "B secret incident",
      priority: "High",
      alertIds: [alert.id],
    })
  ).json().incident;
  const scan = `<NessusClientData_v2><Report name="b"><ReportHost name="b-secret-host.isolation.test"><HostProperties><tag name="host-ip">10.66.0.1</tag></HostProperties>
<ReportItem port="443" protocol="tcp" severity="3" pluginID="66001" pluginName="B secret finding"><solution>B secret fix</solution></ReportItem></ReportHost></Report></NessusClientData_v2>`;
  await bOwner.request({
    method: "POST",
    url: `/api/v1/imports/findings?tenantId=${tenantB.id}`,
    payload: scan,
    headers: { "content-type": "application/xml" },
  });
  const finding = await app.ctx.db
    .selectFrom("findings")
    .select(["id", "asset_id"])
    .where("tenant_id", "=", tenantB.id)
    .executeTakeFirstOrThrow();
  const nmapScan = `<nmaprun scanner="nmap" args="nmap -sV b" start="1700000000" version="7.93"><host><status state="up"/><address addr="81.2.69.160" addrtype="ipv4"/>
<hostnames><hostname name="b-secret-surface.isolation.test" type="user"/></hostnames><ports><port protocol="tcp" portid="443"><state state="open"/><service name="https"/></port></ports></host>
<runstats><finished time="1700000010"/><hosts up="1" down="0"/></runstats></nmaprun>`;
  await bOwner.request({
    method: "POST",
    url: `/api/v1/imports/nmap?tenantId=${tenantB.id}`,
    payload: nmapScan,
    headers: { "content-type": "application/xml" },
  });
  const surfaceImport = await app.ctx.db
    .selectFrom("surface_imports")
    .select("id")
    .where("tenant_id", "=", tenantB.id)
    .executeTakeFirstOrThrow();
  const report = await bOwner.get(`/api/v1/reports/executive.pdf?tenants=${tenantB.id}`);
  if (report.statusCode !== 200) throw new Error(`B's report: ${report.statusCode} ${report.body.slice(0, 200)}`);
  const reportId = String(report.headers["x-report-id"]);
  const watched = (
    await bOwner.post("/api/v1/drp/watched", { tenantId: tenantB.id, kind: "domain", value: "b-secret-brand.example" })
  ).json();
  // A DRP finding of B's: a TLD swap of its watched domain from a newly registered domains feed.
  await bOwner.request({
    method: "POST",
    url: `/api/v1/drp/imports?tenantId=${tenantB.id}&feed=newly-registered`,
    payload: "b-secret-brand.net\n",
    headers: { "content-type": "text/plain" },
  });
  const drpFinding = await app.ctx.db
    .selectFrom("drp_findings")
    .select("id")
    .where("tenant_id", "=", tenantB.id)
    .executeTakeFirstOrThrow();
  const inspec = {
    platform: { name: "ubuntu", target_id: "b-secret-compliance-host" },
    profiles: [
      {
        name: "b-profile",
        controls: [
          {
            id: "b-1",
            title: "B secret control",
            impact: 0.7,
            tags: { cis: "1.1" },
            results: [{ status: "failed", start_time: "2024-01-01T00:00:00Z" }],
          },
        ],
      },
    ],
  };
  await bOwner.request({
    method: "POST",
    url: `/api/v1/imports/compliance?tenantId=${tenantB.id}`,
    payload: JSON.stringify(inspec),
    headers: { "content-type": "application/json" },
  });
  const complianceScan = await app.ctx.db
    .selectFrom("compliance_scans")
    .select(["id", "tool"])
    .where("tenant_id", "=", tenantB.id)
    .executeTakeFirstOrThrow();
  const complianceException = (
    await bOwner.post("/api/v1/compliance/exceptions", {
      tenantId: tenantB.id,
      tool: complianceScan.tool,
      controlId: "b-1",
      reason: "B secret exception reason",
      expiresAt: new Date(app.ctx.now() + 30 * 86_400_000).toISOString(),
    })
  ).json() as { id: string };
  const schedule = (
    await bOwner.post("/api/v1/reports/schedules", {
      name: "B secret schedule",
      kind: "executive",
      tenants: [tenantB.id],
      period: "last7",
      cadence: "daily",
      time: "07:00",
      timeZone: "UTC",
      recipients: ["b-ciso@isolation.test"],
    })
  ).json();
  const webhook = (
    await bOwner.post("/api/v1/automation/webhooks", {
      tenantId: tenantB.id,
      name: "B secret webhook",
      kind: "standard",
      url: "https://b-secret-hook.example/watchfloor",
    })
  ).json() as { id: string };
  const ruleBody = (tenantId: string, name: string) => ({
    tenantIds: [tenantId],
    name,
    trigger: "alert.created",
    condition: { field: "name", op: "contains", value: "secret" },
    actions: [{ type: "addTags", tags: ["probe"] }],
  });
  const rule = (
    await bOwner.post("/api/v1/automation/rules", {
      ...ruleBody(tenantB.id, "B secret rule"),
      actions: [{ type: "webhook", webhookId: webhook.id }],
    })
  ).json() as { id: string };
  // A delivery in B's log (queued, never sent: no runner runs here).
  const deliveryId = await enqueueDelivery(app.ctx, {
    webhookId: webhook.id,
    tenantId: tenantB.id,
    ruleId: rule.id,
    event: {
      type: "alert.created",
      timestamp: new Date(app.ctx.now()).toISOString(),
      data: {
        version: 1,
        tenantId: tenantB.id,
        rule: { id: rule.id, name: "B secret rule" },
        subject: {
          kind: "alert",
          id: alert.id,
          name: "B secret alert",
          priority: "High",
          status: "Open",
          link: "https://example.test/",
        },
      },
    },
  });
  await bOwner.post("/api/v1/mdr/handovers", {
    tenantId: tenantB.id,
    shift: "B night",
    openWork: "B secret handover",
    items: [],
  });
  const mdrContact = (
    await bOwner.post("/api/v1/mdr/contacts", { tenantId: tenantB.id, name: "B secret contact", phone: "+15550100" })
  ).json() as { id: string };
  const mdrEscalation = (
    await bOwner.post("/api/v1/mdr/escalations", {
      tenantId: tenantB.id,
      subject: "B secret escalation",
      priority: "High",
      contactId: mdrContact.id,
      channel: "phone",
    })
  ).json() as { id: string };
  const session = await app.ctx.db.selectFrom("sessions").select("id").where("user_id", "=", bUser.id).executeTakeFirstOrThrow();
  // Last, since it puts B's analyst behind a second factor.
  const factorId = newId();
  await insertFactor(app.ctx.db, {
    id: factorId,
    user_id: bUser.id,
    kind: "totp",
    label: "B phone",
    totp_secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
    last_totp_step: null,
    credential_id: null,
    public_key: null,
    created_at: app.ctx.now(),
    confirmed_at: app.ctx.now(),
    last_used_at: null,
  });

  const campaign = (
    await bOwner.post("/api/v1/vm/campaigns", {
      tenantId: tenantB.id,
      name: "B secret campaign",
      dueDate: "2030-01-01",
      fix: "B secret fix",
    })
  ).json();
  await bOwner.request({
    method: "POST",
    url: `/api/v1/detections/rules/import?tenantId=${tenantB.id}&filename=b.yml`,
    payload: `title: B secret sigma rule
id: 5b0c1d2e-0000-4000-8000-00000000b5ec
level: high
logsource: { product: windows, category: process_creation }
detection:
  selection: { Image|endswith: '\\b-secret.exe' }
  condition: selection
`,
    headers: { "content-type": "application/octet-stream" },
  });
  const ctemScope = (
    await bOwner.post("/api/v1/ctem/scopes", {
      tenantId: tenantB.id,
      name: "B secret scope",
      ownerUserId: bUser.id,
      businessImpact: "High",
      rule: { assetIds: [finding.asset_id] },
    })
  ).json() as { id?: string };
  if (!ctemScope.id) throw new Error("isolation fixtures: the CTEM scope was not created");
  const ctemTask = (
    await bOwner.post(`/api/v1/ctem/scopes/${ctemScope.id}/tasks`, {
      title: "B secret task",
      ownerUserId: bUser.id,
      dueDate: "2030-01-01",
      findingIds: [finding.id],
    })
  ).json() as { id?: string };
  if (!ctemTask.id) throw new Error("isolation fixtures: the CTEM task was not created");
  const sigmaRule = await app.ctx.db
    .selectFrom("detection_rules")
    .select("id")
    .where("tenant_id", "=", tenantB.id)
    .executeTakeFirstOrThrow();

  const params: Record<string, string> = {
    tenantId: tenantB.id,
    userId: bUser.id,
    invitationId: invitation.id,
    keyId: key.id,
    notificationId: notification.id,
    sessionId: session.id,
    alertId: alert.id,
    incidentId: incident.id,
    viewId: view.id,
    rowId: quarantined.id,
    findingId: finding.id,
    assetId: finding.asset_id,
    factorId,
    watchedId: watched.id,
    drpFindingId: drpFinding.id,
    module: "drp",
    scanId: complianceScan.id,
    exceptionId: complianceException.id,
    scheduleId: schedule.id,
    reportId,
    ruleId: rule.id,
    webhookId: webhook.id,
    deliveryId,
    campaignId: campaign.id,
    scopeId: ctemScope.id,
    taskId: ctemTask.id,
    detectionRuleId: sigmaRule.id,
    contactId: mdrContact.id,
    escalationId: mdrEscalation.id,
  };

  /** A valid body for every write route, aimed at Tenant B. */
  const bodies: Record<string, unknown> = {
    "POST /api/v1/api-keys": { tenantId: tenantB.id, name: "probe" },
    "POST /api/v1/invitations": { email: "probe@isolation.test", tenantId: tenantB.id, role: "viewer" },
    "POST /api/v1/invitations/accept": { token: "not-a-real-invitation-token" },
    "POST /api/v1/tenants": { name: "Probe tenant", slug: "probe-tenant" },
    "PATCH /api/v1/tenants/:tenantId": { name: "Renamed by a stranger" },
    "PATCH /api/v1/tenants/:tenantId/members/:userId": { role: "viewer" },
    "POST /api/v1/users/:userId/password": { newPassword: "Stranger-Set-This-1" },
    "PUT /api/v1/tenants/:tenantId/security-policy": { requireSecondFactor: true },
    "PUT /api/v1/tenants/:tenantId/retention": { retentionDays: 7 },
    "POST /api/v1/auth/security/factors/:factorId/remove": { currentPassword: PASSWORD },
    "PUT /api/v1/settings/signup": { open: true },
    "PUT /api/v1/settings/branding": { providerName: "Probe", logo: null },
    "POST /api/v1/alerts": { source: "probe", sourceId: "probe-1", name: "Probe", priority: "Low" },
    "POST /api/v1/alerts/bulk": [{ source: "probe", sourceId: "probe-2", name: "Probe", priority: "Low" }],
    "POST /api/v1/alerts/:alertId/transition": { status: "Acknowledged" },
    "POST /api/v1/alerts/:alertId/assign": { assigneeUserId: null },
    "POST /api/v1/alerts/:alertId/comments": { comment: "probe" },
    "POST /api/v1/incidents": { tenantId: tenantB.id, title: "Probe", priority: "Low" },
    "POST /api/v1/incidents/bulk-update": { ids: [incident.id], action: { type: "priority", priority: "Low" } },
    "POST /api/v1/incidents/escalate": { alertIds: [alert.id] },
    "PATCH /api/v1/incidents/:incidentId": { title: "Renamed by a stranger" },
    "POST /api/v1/incidents/:incidentId/transition": { status: "Acknowledged" },
    "POST /api/v1/incidents/:incidentId/comments": { comment: "probe" },
    "PUT /api/v1/sla-policies/:tenantId": { policies: [{ priority: "Low", ack: 1, respond: 2, resolve: 3 }] },
    "POST /api/v1/saved-views": { name: "probe", query: "status=Open" },
    "POST /api/v1/imports/alerts": [{ id: "probe-1", name: "Probe", priority: "Low" }],
    // JSON (a Trivy report) so the body parses before the handler refuses the tenant.
    "POST /api/v1/imports/findings": {
      SchemaVersion: 2,
      ArtifactName: "probe:latest",
      ArtifactType: "container_image",
      Results: [],
    },
    // JSON so the body parses before the handler refuses the tenant.
    "POST /api/v1/imports/nmap": {},
    "POST /api/v1/imports/assets": [{ id: "ASSET-9001", name: "probe" }],
    // JSON (an InSpec report) so the body parses before the handler refuses the tenant.
    "POST /api/v1/imports/compliance": { platform: { target_id: "probe" }, profiles: [] },
    "POST /api/v1/compliance/exceptions": {
      tenantId: tenantB.id,
      tool: complianceScan.tool,
      controlId: "b-1",
      reason: "Probe accepting a stranger's control",
      expiresAt: new Date(app.ctx.now() + 86_400_000).toISOString(),
    },
    "POST /api/v1/intel/kev": { catalogVersion: "probe", dateReleased: "2025-01-01T00:00:00Z", count: 0, vulnerabilities: [] },
    "POST /api/v1/intel/epss": "cve,epss,percentile\nCVE-2099-0001,0.5,0.5\n",
    "POST /api/v1/intel/cwe": [{ model: "dojo.cwe", pk: 1, fields: { number: 1, description: "Probe" } }],
    "POST /api/v1/findings/:findingId/status": { status: "Triaged" },
    "POST /api/v1/findings/:findingId/assign": { assigneeUserId: null },
    "POST /api/v1/findings/:findingId/comments": { comment: "probe" },
    "POST /api/v1/findings/bulk": { ids: [finding.id], action: { type: "assign", assigneeUserId: null } },
    "PUT /api/v1/remediation-sla": { tenantId: tenantB.id, policies: [{ priority: "Low", days: 1 }] },
    "POST /api/v1/quarantine/:rowId/resubmit": { alert: { source: "probe", sourceId: "q-1", name: "Fixed", priority: "Low" } },
    "POST /api/v1/attack/import": { type: "bundle", objects: [] },
    "POST /api/v1/drp/watched": { tenantId: tenantB.id, kind: "domain", value: "probe.example" },
    "POST /api/v1/drp/findings/:drpFindingId/status": { status: "investigating" },
    // JSON (a certificate list) so the body parses before the handler refuses the tenant.
    "POST /api/v1/drp/imports": [{ names: ["probe.example"] }],
    "POST /api/v1/drp/scan-alerts": { tenantId: tenantB.id, days: 7 },
    "POST /api/v1/reports/schedules": {
      name: "Probe",
      kind: "executive",
      tenants: [tenantB.id],
      period: "last7",
      cadence: "daily",
      time: "07:00",
      timeZone: "UTC",
      recipients: ["probe@isolation.test"],
    },
    "PATCH /api/v1/reports/schedules/:scheduleId": { enabled: false },
    "POST /api/v1/automation/rules": ruleBody(tenantB.id, "Probe rule"),
    "POST /api/v1/automation/rules/dry-run": ruleBody(tenantB.id, "Probe rule"),
    "POST /api/v1/automation/rules/order": { ruleIds: [rule.id] },
    "PUT /api/v1/automation/rules/:ruleId": ruleBody(tenantB.id, "Renamed by a stranger"),
    "PATCH /api/v1/automation/rules/:ruleId": { enabled: true },
    "POST /api/v1/automation/webhooks": {
      tenantId: tenantB.id,
      name: "Probe hook",
      kind: "standard",
      url: "https://probe.example/hook",
    },
    "PATCH /api/v1/automation/webhooks/:webhookId": { enabled: false },
    "POST /api/v1/automation/webhooks/:webhookId/rotate": {},
    "POST /api/v1/automation/webhooks/:webhookId/test": {},
    "POST /api/v1/automation/deliveries/:deliveryId/replay": {},
    "PUT /api/v1/tenants/:tenantId/modules/:module": { enabled: false },
    "POST /api/v1/tenants/:tenantId/modules/:module/request": {},
    "POST /api/v1/alerts/bulk-update": { ids: [alert.id], action: { type: "status", status: "Acknowledged" } },
    "POST /api/v1/vm/acceptances": {
      tenantId: tenantB.id,
      reason: "Probe accepting a stranger's finding",
      expiresAt: new Date(app.ctx.now() + 86_400_000).toISOString(),
      findingIds: [finding.id],
    },
    "POST /api/v1/vm/campaigns": { tenantId: tenantB.id, name: "Probe", dueDate: "2030-01-01", findingIds: [finding.id] },
    "POST /api/v1/ctem/scopes": {
      tenantId: tenantB.id,
      name: "Probe",
      ownerUserId: bUser.id,
      businessImpact: "Low",
      rule: { assetIds: [finding.asset_id] },
    },
    "POST /api/v1/ctem/scopes/:scopeId/validations": {
      exposureKey: `finding:${finding.id}`,
      state: "mitigated",
      evidence: "Probe evidence",
    },
    // A Nuclei upload is a raw body: the policy answers before it is read.
    "POST /api/v1/ctem/scopes/:scopeId/validations/nuclei": {},
    "POST /api/v1/ctem/scopes/:scopeId/tasks": {
      title: "Probe",
      ownerUserId: bUser.id,
      dueDate: "2030-01-01",
      findingIds: [finding.id],
    },
    "PATCH /api/v1/ctem/scopes/:scopeId": { name: "Renamed by a stranger" },
    "PATCH /api/v1/ctem/scopes/:scopeId/tasks/:taskId": { title: "Renamed by a stranger" },
    "PUT /api/v1/detections/rules/:detectionRuleId/enabled": { enabled: true },
    "POST /api/v1/detections/rules/enabled": { tenantId: tenantB.id, enabled: true },
    // JSON so the body parses before the handler refuses the tenant.
    "POST /api/v1/detections/rules/import": {},
    "PUT /api/v1/detections/logsources": { entries: null },
    "POST /api/v1/events": [],
    "POST /api/v1/detections/events/import": [],
    "PUT /api/v1/mdr/sources/expected": { tenantId: tenantB.id, tool: "isolation", sensor: "", expectedMinutes: 60 },
    "POST /api/v1/mdr/handovers": {
      tenantId: tenantB.id,
      shift: "Probe",
      openWork: "probe",
      items: [{ kind: "alert", id: alert.id }],
    },
    "PUT /api/v1/mdr/sources/components": { tenantId: tenantB.id, tool: "isolation", sensor: "", components: null },
    "POST /api/v1/mdr/workload/reassign": { tenantId: tenantB.id, from: null, toUserId: bUser.id },
    "POST /api/v1/mdr/contacts": { tenantId: tenantB.id, name: "Probe", email: "probe@isolation.test" },
    "PUT /api/v1/mdr/escalation-matrix": {
      tenantId: tenantB.id,
      rows: [{ priority: "High", contactId: mdrContact.id, channel: "phone" }],
    },
    "POST /api/v1/mdr/escalations": {
      tenantId: tenantB.id,
      subject: "Probe",
      priority: "High",
      contactId: mdrContact.id,
      channel: "email",
    },
    "POST /api/v1/mdr/escalations/:escalationId/acknowledge": { acknowledgedBy: "Probe" },
    // Test-only (WATCHFLOOR_TEST_CLOCK); a platform route, so every caller here is refused.
    "POST /api/v1/test/clock": { advanceMinutes: 0 },
  };

  /** Query strings aimed at Tenant B, for routes that take the tenant from the query. */
  const queries: Record<string, string> = {
    "POST /api/v1/alerts": `tenantId=${tenantB.id}`,
    "POST /api/v1/alerts/bulk": `tenantId=${tenantB.id}`,
    "POST /api/v1/imports/alerts": `tenantId=${tenantB.id}`,
    "POST /api/v1/imports/findings": `tenantId=${tenantB.id}`,
    "POST /api/v1/imports/assets": `tenantId=${tenantB.id}`,
    "POST /api/v1/drp/imports": `tenantId=${tenantB.id}&feed=cert-transparency`,
    "POST /api/v1/imports/nmap": `tenantId=${tenantB.id}`,
    "POST /api/v1/imports/compliance": `tenantId=${tenantB.id}`,
    "POST /api/v1/detections/rules/import": `tenantId=${tenantB.id}`,
    "GET /api/v1/detections/logsources": `tenantId=${tenantB.id}`,
    "PUT /api/v1/detections/logsources": `tenantId=${tenantB.id}`,
    "POST /api/v1/events": `tenantId=${tenantB.id}`,
    "POST /api/v1/detections/events/import": `tenantId=${tenantB.id}`,
    // Reports name their tenants in the query.
    ...Object.fromEntries(
      ["executive", "service", "incidents", "threat"].flatMap((kind) => [
        [`GET /api/v1/reports/${kind}`, `tenants=${tenantB.id}`],
        [`GET /api/v1/reports/${kind}.pdf`, `tenants=${tenantB.id}`],
        [
          `GET /api/v1/reports/${kind}.csv`,
          `tenants=${tenantB.id}&table=${kind === "threat" ? "tactics" : kind === "incidents" ? "by-status" : kind === "service" ? "volumes" : "kev"}`,
        ],
      ]),
    ),
    "GET /api/v1/reports/threat/layer.json": `tenants=${tenantB.id}`,
    "GET /api/v1/compliance/control": `tool=${encodeURIComponent(complianceScan.tool)}&controlId=b-1`,
    "GET /api/v1/compliance/results": `tenantId=${tenantB.id}`,
    "GET /api/v1/compliance/results/export.csv": `tenantId=${tenantB.id}`,
    "GET /api/v1/cloud-sec/checks": `tenantId=${tenantB.id}&account=b-secret-compliance-host`,
    "GET /api/v1/reports/incidents/:incidentId/document.csv": "table=timeline",
    "GET /api/v1/mdr/escalation-settings": `tenantId=${tenantB.id}`,
    "GET /api/v1/mdr/coverage": `tenantId=${tenantB.id}`,
  };

  /** Required query parameters of list routes that name no tenant: their lists are checked for B's data. */
  const listQueries: Record<string, string> = {
    "GET /api/v1/compliance/requirements": "framework=cis",
    "GET /api/v1/compliance/breakdown": "by=service",
    "GET /api/v1/compliance/evidence.csv": "framework=cis",
  };

  /** Strings that must never appear in an answer to someone outside Tenant B. */
  const secrets = [
    tenantB.id,
    bUser.id,
    bUser.email,
    invitation.id,
    "b-invitee@isolation.test",
    key.id,
    key.prefix,
    notification.id,
    session.id,
    alert.id,
    "B secret alert",
    "B secret handover",
    "B secret contact",
    "B secret escalation",
    incident.id,
    "B secret incident",
    view.id,
    "B secret view",
    quarantined.id,
    "B secret import",
    finding.id,
    finding.asset_id,
    "B secret finding",
    "b-secret-host",
    "b-secret-surface",
    "81.2.69.160",
    surfaceImport.id,
    reportId,
    watched.id,
    "b-secret-brand",
    drpFinding.id,
    complianceScan.id,
    "b-secret-compliance-host",
    "B secret control",
    complianceException.id,
    "B secret exception reason",
    rule.id,
    "B secret rule",
    webhook.id,
    "B secret webhook",
    "b-secret-hook.example",
    deliveryId,
    campaign.id,
    "B secret campaign",
    "B secret fix",
    ctemScope.id,
    "B secret scope",
    ctemTask.id,
    "B secret task",
    sigmaRule.id,
    "B secret sigma rule",
  ];

  return { tenantA, tenantB, params, bodies, queries, listQueries, secrets };
}
