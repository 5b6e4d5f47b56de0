import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

const bundle = readFileSync(
  path.resolve(fileURLToPath(new URL("../../../../../../shared/data/attack/enterprise-attack.json", import.meta.url))),
  "utf8",
);
let app: TestApp;
let admin: TestClient;
let tenantId: string;

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app)).id;
  admin = (await signedInClient(app, [{ tenantId, role: "owner" }], { platformAdmin: true })).client;
});
afterAll(() => app.close());

describe("ATT&CK catalogue", () => {
  it("imports the Enterprise bundle once per domain and names alert techniques, keeping unknown ids", async () => {
    const response = await admin.request({
      method: "POST",
      url: "/api/v1/attack/import",
      payload: bundle,
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      specVersion: "2.0",
      domains: ["enterprise-attack"],
      techniques: 356,
      subtechniques: 479,
      revoked: 132,
      deprecated: 12,
    });
    await admin.request({
      method: "POST",
      url: "/api/v1/attack/import",
      payload: bundle,
      headers: { "content-type": "application/json" },
    });
    const catalogue = (await admin.get("/api/v1/attack/catalogue")).json();
    expect(catalogue.domains).toEqual([expect.objectContaining({ domain: "enterprise-attack", total: 835 })]);

    const id = (
      await admin.post(`/api/v1/alerts?tenantId=${tenantId}`, {
        source: "s",
        sourceId: "1",
        name: "Spray",
        priority: "High",
        mitreTechniques: ["T1110.003", "T9999"],
      })
    ).json().id;
    const detail = (await admin.get(`/api/v1/alerts/${id}`)).json();
    expect(detail.techniques).toEqual([
      expect.objectContaining({ id: "T1110.003", name: "Password Spraying", status: "current", tactics: ["Credential Access"] }),
      { id: "T9999", name: null, status: "unknown", tactics: [], url: null },
    ]);
  });

  it("lists every current Enterprise technique for the coverage matrix, zero counts included, keeping unknown alert ids", async () => {
    // What the bundle holds, read independently of the importer.
    type Pattern = {
      type: string;
      revoked?: boolean;
      x_mitre_deprecated?: boolean;
      external_references?: { external_id?: string }[];
    };
    const patterns = (JSON.parse(bundle) as { objects: Pattern[] }).objects.filter((o) => o.type === "attack-pattern");
    const idOf = (o: Pattern) => o.external_references?.find((r) => /^T\d{4}(\.\d{3})?$/.test(r.external_id ?? ""))?.external_id;
    const current = new Set(patterns.filter((o) => !o.revoked && !o.x_mitre_deprecated).map(idOf));
    const gone = (pick: (o: Pattern) => boolean | undefined) =>
      patterns
        .filter(pick)
        .map(idOf)
        .filter((id): id is string => !!id && !current.has(id));
    const revoked = gone((o) => o.revoked);
    const deprecated = gone((o) => o.x_mitre_deprecated);
    expect(revoked.length).toBeGreaterThan(0);
    expect(deprecated.length).toBeGreaterThan(0);

    // Any signed-in person may read it (reference data), not only platform admins.
    const { client: analyst } = await signedInClient(app, [{ tenantId, role: "analyst" }]);
    const response = await analyst.get("/api/v1/attack/catalogue/techniques");
    expect(response.statusCode).toBe(200);
    const list = response.json() as {
      domain: string;
      techniques: { id: string; name: string; tactics: string[]; parent: string | null }[];
    };
    expect(list.domain).toBe("enterprise-attack");
    const ids = list.techniques.map((t) => t.id);
    expect(new Set(ids)).toEqual(current);
    expect(ids).toHaveLength(current.size);
    for (const id of [...revoked, ...deprecated]) expect(ids).not.toContain(id);
    const byId = new Map(list.techniques.map((t) => [t.id, t]));
    expect(byId.get("T1110.003")).toEqual({
      id: "T1110.003",
      name: "Password Spraying",
      tactics: ["credential-access"],
      parent: "T1110",
    });
    expect(byId.get("T1110")).toMatchObject({ parent: null, tactics: ["credential-access"] });
    // A technique under several tactics lists each of them.
    expect(byId.get("T1078")?.tactics).toEqual(
      expect.arrayContaining(["defense-evasion", "persistence", "privilege-escalation", "initial-access"]),
    );
    expect(Object.keys(byId.get("T1078") ?? {}).sort()).toEqual(["id", "name", "parent", "tactics"]);

    // Coverage counts only what alerts name: most catalogue techniques have none (drawn at zero),
    // and an id the catalogue lacks is still counted.
    // The first test's alert was detected at the test clock's now: a window ending after it.
    const window = `from=${new Date(app.clock.now - 86_400_000).toISOString()}&to=${new Date(app.clock.now + 3_600_000).toISOString()}`;
    const coverage = (await analyst.get(`/api/v1/attack/coverage?${window}`)).json() as {
      techniques: { id: string; alerts: number }[];
    };
    expect(coverage.techniques).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "T1110.003", alerts: 1 }),
        expect.objectContaining({ id: "T9999", alerts: 1 }),
      ]),
    );
    const counted = new Set(coverage.techniques.map((t) => t.id));
    expect(byId.has("T9999")).toBe(false);
    expect(byId.get("T1595")).toMatchObject({ name: "Active Scanning", tactics: ["reconnaissance"] });
    expect(counted.has("T1595")).toBe(false);
  });

  it("refuses a file that is not a bundle with the reason", async () => {
    const response = await admin.request({
      method: "POST",
      url: "/api/v1/attack/import",
      payload: '{"name":"layer","techniques":[]}',
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ path: "file", message: expect.stringContaining("not a STIX bundle") });
  });
});
