import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-server";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("API keys", () => {
  it("shows the key once, stores only a hash, authenticates, and stops working when revoked", async () => {
    const t = await makeTenant(app);
    const { client } = await signedInClient(app, [{ tenantId: t.id, role: "admin" }]);
    const created = await client.post("/api/v1/api-keys", { tenantId: t.id, name: "SIEM forwarder" });
    expect(created.statusCode).toBe(201);
    const { key, id, prefix } = created.json();
    expect(key).toMatch(/^wf_/);
    expect(key.startsWith(prefix)).toBe(true);
    const stored = await app.ctx.db.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key);
    expect((await client.get("/api/v1/api-keys")).json().items[0]).not.toHaveProperty("key");

    // Keys reach only routes that allow them; person-only routes refuse them.
    const asKey = await app.app.inject({ method: "GET", url: "/api/v1/tenants", headers: { authorization: `Bearer ${key}` } });
    expect(asKey.statusCode).toBe(403);
    const unknown = await app.app.inject({ method: "GET", url: "/api/v1/tenants", headers: { authorization: "Bearer wf_nope" } });
    expect(unknown.statusCode).toBe(401);

    expect((await client.delete(`/api/v1/api-keys/${id}`)).json().revokedAt).not.toBeNull();
    const revoked = await app.app.inject({ method: "GET", url: "/api/v1/tenants", headers: { authorization: `Bearer ${key}` } });
    expect(revoked.statusCode).toBe(401);
    const events = (await client.get("/api/v1/audit")).json().items.map((e: { event: string }) => e.event);
    expect(events).toEqual(expect.arrayContaining(["api_key.created", "api_key.revoked"]));
  });

  it("is refused to analysts", async () => {
    const t = await makeTenant(app);
    const { client } = await signedInClient(app, [{ tenantId: t.id, role: "analyst" }]);
    expect((await client.post("/api/v1/api-keys", { tenantId: t.id, name: "x" })).statusCode).toBe(403);
    expect((await client.get("/api/v1/audit")).statusCode).toBe(403);
  });
});
