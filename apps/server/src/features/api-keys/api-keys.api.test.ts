import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
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

  // Needs tenants.service removeMember to call notifyOrphanedKeys (see api-keys.service.ts).
  it("flags keys whose creator left the tenant, and tells the tenant's owners and admins when that happens", async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const { client: owner } = await signedInClient(app, [{ tenantId: t.id, role: "owner" }]);
    const { client: admin, user: adminUser } = await signedInClient(app, [{ tenantId: t.id, role: "admin" }]);
    const { client: leaver, user: leaverUser } = await signedInClient(app, [
      { tenantId: t.id, role: "admin" },
      { tenantId: other.id, role: "admin" },
    ]);
    const analyst = await makeUser(app, [{ tenantId: t.id, role: "analyst" }]);
    const create = async (client: typeof owner, tenantId: string, name: string) =>
      (await client.post("/api/v1/api-keys", { tenantId, name })).json();
    const kept = await create(leaver, t.id, "SIEM forwarder");
    const old = await create(leaver, t.id, "Old forwarder");
    expect((await leaver.delete(`/api/v1/api-keys/${old.id}`)).statusCode).toBe(200);
    await create(leaver, other.id, "Other tenant key");
    const adminKey = await create(admin, t.id, "Admin key");
    const keyList = async () => new Map((await owner.get("/api/v1/api-keys")).json().items.map((k: { id: string }) => [k.id, k]));
    expect((await keyList()).get(kept.id)).toMatchObject({ createdByEmail: leaverUser.email, creatorIsMember: true });

    expect((await owner.delete(`/api/v1/tenants/${t.id}/members/${leaverUser.id}`)).statusCode).toBe(200);

    const after = await keyList();
    expect(after.get(kept.id)).toMatchObject({ createdByEmail: leaverUser.email, creatorIsMember: false, revokedAt: null });
    expect(after.get(adminKey.id)).toMatchObject({ createdByEmail: adminUser.email, creatorIsMember: true });
    // The key is the tenant's credential and still authenticates (403 here means "known key, wrong route").
    const asKey = await app.app.inject({
      method: "GET",
      url: "/api/v1/tenants",
      headers: { authorization: `Bearer ${kept.key}` },
    });
    expect(asKey.statusCode).toBe(403);

    for (const manager of [owner, admin]) {
      const notes = (await manager.get("/api/v1/notifications"))
        .json()
        .items.filter((n: { kind: string }) => n.kind === "api_key_creator_removed");
      expect(notes).toHaveLength(1);
      expect(notes[0].message).toContain(leaverUser.email);
      expect(notes[0].message).toContain("SIEM forwarder");
      expect(notes[0].message).not.toContain("Old forwarder");
      expect(notes[0].message).not.toContain("Other tenant key");
    }
    const toldOthers = await app.ctx.db
      .selectFrom("notifications")
      .select("user_id")
      .where("kind", "=", "api_key_creator_removed")
      .where("user_id", "in", [analyst.id, leaverUser.id])
      .execute();
    expect(toldOthers).toEqual([]);
    const audit = (await owner.get("/api/v1/audit?event=api_key.creator_removed")).json().items;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      tenantId: t.id,
      details: {
        userId: leaverUser.id,
        email: leaverUser.email,
        keys: [{ keyId: kept.id, name: "SIEM forwarder", prefix: kept.prefix }],
      },
    });

    // A member who created no active keys leaves silently.
    expect((await owner.delete(`/api/v1/tenants/${t.id}/members/${analyst.id}`)).statusCode).toBe(200);
    expect((await owner.get("/api/v1/audit?event=api_key.creator_removed")).json().items).toHaveLength(1);
  });

  it("is refused to analysts", async () => {
    const t = await makeTenant(app);
    const { client } = await signedInClient(app, [{ tenantId: t.id, role: "analyst" }]);
    expect((await client.post("/api/v1/api-keys", { tenantId: t.id, name: "x" })).statusCode).toBe(403);
    expect((await client.get("/api/v1/audit")).statusCode).toBe(403);
  });
});
