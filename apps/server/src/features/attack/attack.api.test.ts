import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

const bundle = readFileSync(path.resolve(fileURLToPath(new URL("../../../../../../shared/data/attack/enterprise-attack.json", import.meta.url))), "utf8");
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
    const response = await admin.request({ method: "POST", url: "/api/v1/attack/import", payload: bundle, headers: { "content-type": "application/json" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ specVersion: "2.0", domains: ["enterprise-attack"], techniques: 356, subtechniques: 479, revoked: 132, deprecated: 12 });
    await admin.request({ method: "POST", url: "/api/v1/attack/import", payload: bundle, headers: { "content-type": "application/json" } });
    const catalogue = (await admin.get("/api/v1/attack/catalogue")).json();
    expect(catalogue.domains).toEqual([expect.objectContaining({ domain: "enterprise-attack", total: 835 })]);

    const id = (await admin.post(`/api/v1/alerts?tenantId=${tenantId}`, { source: "s", sourceId: "1", name: "Spray", priority: "High", mitreTechniques: ["T1110.003", "T9999"] })).json().id;
    const detail = (await admin.get(`/api/v1/alerts/${id}`)).json();
    expect(detail.techniques).toEqual([
      expect.objectContaining({ id: "T1110.003", name: "Password Spraying", status: "current", tactics: ["Credential Access"] }),
      { id: "T9999", name: null, status: "unknown", tactics: [], url: null },
    ]);
  });

  it("refuses a file that is not a bundle with the reason", async () => {
    const response = await admin.request({ method: "POST", url: "/api/v1/attack/import", payload: '{"name":"layer","techniques":[]}', headers: { "content-type": "application/json" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ path: "file", message: expect.stringContaining("not a STIX bundle") });
  });
});
