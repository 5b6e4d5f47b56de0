import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

let app: TestApp;
let analyst: TestClient;
let tenantId: string;

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Coverage")).id;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
});
afterAll(() => app.close());

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 21, 12) - minutesAgo * 60_000).toISOString();

describe("ATT&CK coverage and Navigator layers", () => {
  it("counts alerts per technique in the window, names the incidents, and round-trips a layer", async () => {
    const ids = [];
    for (const [n, techniques, ago] of [
      [1, ["T1110"], 10],
      [2, ["T1110", "T1059.001"], 20],
      [3, ["T1059.001"], 60 * 24 * 40],
    ] as const) {
      ids.push(
        (
          await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, {
            source: "c",
            sourceId: `c${n}`,
            name: `A${n}`,
            priority: "High",
            mitreTechniques: techniques,
            tactics: ["Credential Access"],
            detectedAt: at(ago),
          })
        ).json().id,
      );
    }
    const incident = (await analyst.post("/api/v1/incidents/escalate", { alertIds: [ids[0]] })).json().incident;
    const coverage = (await analyst.get("/api/v1/attack/coverage")).json();
    expect(coverage.techniques).toEqual([
      { id: "T1110", alerts: 2, incidents: [{ id: incident.id, reference: incident.reference }] },
      { id: "T1059.001", alerts: 1, incidents: [] },
    ]);
    expect(coverage.tactics).toEqual([{ tactic: "Credential Access", alerts: 2 }]);

    const layer = await analyst.get("/api/v1/attack/layer");
    expect(layer.headers["content-disposition"]).toContain("attachment");
    expect(layer.json()).toMatchObject({ versions: { layer: "4.5" }, domain: "enterprise-attack" });
    const parsed = (
      await analyst.request({
        method: "POST",
        url: "/api/v1/attack/layers/parse",
        payload: layer.body,
        headers: { "content-type": "application/json" },
      })
    ).json();
    expect(
      parsed.techniques.map((t: { techniqueID: string; score: number; comment: string | null }) => [
        t.techniqueID,
        t.score,
        t.comment,
      ]),
    ).toEqual([
      ["T1110", 2, incident.reference],
      ["T1059.001", 1, null],
    ]);
  });

  it("lays techniques out by tactic in kill-chain order, newest first, highlighting incidents", async () => {
    const matrix = (await analyst.get("/api/v1/attack/matrix")).json();
    expect(matrix.tactics.map((t: { title: string }) => t.title)).toHaveLength(14);
    expect(matrix.tactics[0].title).toBe("Reconnaissance");
    const credential = matrix.tactics.find((t: { title: string }) => t.title === "Credential Access");
    // Without a catalogue, techniques sit under the tactics their alerts name.
    expect(
      credential.items.map((i: { techniqueId: string; label: string; highlight: boolean }) => [
        i.techniqueId,
        i.label,
        i.highlight,
      ]),
    ).toEqual([
      ["T1110", "D-0", true],
      ["T1059.001", "D-0", false],
    ]);
    expect(credential.items[0].incidents).toHaveLength(1);
  });

  it("lists no catalogue techniques until a catalogue is imported (the heat map then shows seen techniques only)", async () => {
    const response = await analyst.get("/api/v1/attack/catalogue/techniques");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ domain: "enterprise-attack", techniques: [] });
  });

  it("explains why a file is not a layer", async () => {
    const bad = await analyst.request({
      method: "POST",
      url: "/api/v1/attack/layers/parse",
      payload: '{"type":"bundle","objects":[]}',
      headers: { "content-type": "application/json" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toEqual({ path: "file", message: 'not an ATT&CK Navigator layer: no "techniques" list' });
  });
});
