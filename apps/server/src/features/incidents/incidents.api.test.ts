import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

let app: TestApp;
let tenantId: string;
let analyst: TestClient;

const ingest = async (n: number, priority = "Medium") =>
  (
    await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, {
      source: "siem",
      sourceId: `s-${n}`,
      name: `Beaconing from host ${n}`,
      priority,
      hostname: "db-01",
    })
  ).json().id as string;

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Incident Tenant")).id;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
});
afterAll(() => app.close());

describe("incidents", () => {
  it("escalates alerts into a new incident; the alerts show it", async () => {
    const a = await ingest(1, "Medium");
    const b = await ingest(2, "Critical");
    const created = await analyst.post("/api/v1/incidents/escalate", { alertIds: [a, b] });
    expect(created.statusCode).toBe(200);
    const { incident, alerts, timeline } = created.json();
    expect(incident).toMatchObject({
      title: "Beaconing from host 1",
      priority: "Critical",
      status: "Open",
      alertCount: 2,
      number: 1,
    });
    expect(incident.reference).toBe("INCIDENT-TENANT-INC-0001");
    expect(alerts).toHaveLength(2);
    expect(timeline.map((t: { kind: string }) => t.kind)).toEqual(["linked", "created"]);
    const alertDetail = (await analyst.get(`/api/v1/alerts/${a}`)).json();
    expect(alertDetail.alert).toMatchObject({ escalatedToIncident: true, incidentId: incident.id });
    expect(alertDetail.timeline.map((t: { kind: string }) => t.kind)).toContain("escalated");
    // Related alerts on the same host are listed.
    expect(alertDetail.related.map((r: { id: string; reason: string }) => [r.id, r.reason])).toContainEqual([b, "same host"]);
  });

  it("creates by hand, attaches more alerts, and follows the same workflow", async () => {
    const owner = await makeUser(app, [{ tenantId, role: "analyst" }], { displayName: "Lee Chen" });
    const created = (
      await analyst.post("/api/v1/incidents", {
        tenantId,
        title: "Ransomware note on file server",
        priority: "High",
        ownerUserId: owner.id,
      })
    ).json();
    const id = created.incident.id;
    expect(created.incident).toMatchObject({ number: 2, ownerName: "Lee Chen", alertCount: 0 });
    const extra = await ingest(3);
    expect(
      (await analyst.post("/api/v1/incidents/escalate", { alertIds: [extra], incidentId: id })).json().incident.alertCount,
    ).toBe(1);
    expect((await analyst.post(`/api/v1/incidents/${id}/transition`, { status: "Resolved" })).statusCode).toBe(409);
    await analyst.post(`/api/v1/incidents/${id}/transition`, { status: "Acknowledged" });
    const patched = (await analyst.patch(`/api/v1/incidents/${id}`, { rootCause: "Phishing", ticketId: "JIRA-42" })).json();
    expect(patched.incident).toMatchObject({ rootCause: "Phishing", ticketId: "JIRA-42", status: "Acknowledged" });
    await analyst.post(`/api/v1/incidents/${id}/comments`, { comment: "Isolated the server." });
    const open = (await analyst.get("/api/v1/incidents?view=open")).json().items.map((i: { id: string }) => i.id);
    expect(open).toContain(id);
  });

  it("refuses alerts of another tenant in an incident", async () => {
    const other = (await makeTenant(app)).id;
    const { client: both } = await signedInClient(app, [
      { tenantId, role: "analyst" },
      { tenantId: other, role: "analyst" },
    ]);
    const foreign = (
      await both.post(`/api/v1/alerts?tenantId=${other}`, { source: "x", sourceId: "1", name: "Other", priority: "Low" })
    ).json().id;
    const response = await both.post("/api/v1/incidents", { tenantId, title: "Mixed", priority: "Low", alertIds: [foreign] });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe("alertIds");
  });
});
