import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, makeUser, PASSWORD, signedInClient } from "../../test/factories";
import { createTestApp, TestClient, type TestApp } from "../../test/test-server";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("tenants and members", () => {
  it("creates tenants for platform admins only, with unique slugs", async () => {
    const t = await makeTenant(app);
    const { client: admin } = await signedInClient(app, [{ tenantId: t.id, role: "owner" }], { platformAdmin: true });
    const created = await admin.post("/api/v1/tenants", { name: "Acme Corp", slug: "acme-corp" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: "Acme Corp", slug: "acme-corp", role: "owner" });
    const again = await admin.post("/api/v1/tenants", { name: "Acme 2", slug: "acme-corp" });
    expect(again.statusCode).toBe(409);
    expect(again.json().details[0].path).toBe("slug");
    const badSlug = await admin.post("/api/v1/tenants", { name: "X", slug: "Not A Slug!" });
    expect(badSlug.json().details[0].path).toBe("slug");
  });

  it("lets a provider analyst see several tenants and narrow to one", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const { client } = await signedInClient(app, [
      { tenantId: a.id, role: "admin" },
      { tenantId: b.id, role: "admin" },
    ]);
    await client.post("/api/v1/api-keys", { tenantId: a.id, name: "key-a" });
    await client.post("/api/v1/api-keys", { tenantId: b.id, name: "key-b" });
    expect((await client.get("/api/v1/api-keys")).json().items).toHaveLength(2);
    client.tenantId = b.id;
    const narrowed = (await client.get("/api/v1/api-keys")).json().items;
    expect(narrowed.map((k: { name: string }) => k.name)).toEqual(["key-b"]);
    // The picker's list ignores the selection: it always shows every tenant of the user.
    expect((await client.get("/api/v1/tenants")).json().items).toHaveLength(2);
  });

  it("changes roles with an audit record, keeps one owner, and resets passwords", async () => {
    const t = await makeTenant(app);
    const { client: owner, user: ownerUser } = await signedInClient(app, [{ tenantId: t.id, role: "owner" }]);
    const member = await makeUser(app, [{ tenantId: t.id, role: "analyst" }]);
    const changed = await owner.patch(`/api/v1/tenants/${t.id}/members/${member.id}`, { role: "viewer" });
    expect(changed.statusCode).toBe(200);
    const members = (await owner.get(`/api/v1/tenants/${t.id}/members`)).json().items;
    expect(members.find((m: { userId: string }) => m.userId === member.id).role).toBe("viewer");
    const demoteSelf = await owner.patch(`/api/v1/tenants/${t.id}/members/${ownerUser.id}`, { role: "admin" });
    expect(demoteSelf.statusCode).toBe(409);
    const audit = (await owner.get("/api/v1/audit?event=member.role_changed")).json().items;
    expect(audit[0]).toMatchObject({
      event: "member.role_changed",
      details: { userId: member.id, from: "analyst", to: "viewer" },
    });

    const memberClient = new TestClient(app);
    await memberClient.signIn(member.email, PASSWORD);
    const weak = await owner.post(`/api/v1/users/${member.id}/password`, { newPassword: "short" });
    expect(weak.json().details[0].path).toBe("newPassword");
    expect((await owner.post(`/api/v1/users/${member.id}/password`, { newPassword: "Reset-By-Owner-2026" })).statusCode).toBe(
      200,
    );
    expect((await memberClient.get("/api/v1/tenants")).statusCode).toBe(401);
    expect((await new TestClient(app).signIn(member.email, "Reset-By-Owner-2026")).statusCode).toBe(200);
  });

  it("keeps an admin from managing an owner", async () => {
    const t = await makeTenant(app);
    const owner = await makeUser(app, [{ tenantId: t.id, role: "owner" }]);
    const { client: admin } = await signedInClient(app, [{ tenantId: t.id, role: "admin" }]);
    expect((await admin.patch(`/api/v1/tenants/${t.id}/members/${owner.id}`, { role: "viewer" })).statusCode).toBe(403);
    expect((await admin.post(`/api/v1/users/${owner.id}/password`, { newPassword: "Reset-By-Owner-2026" })).statusCode).toBe(403);
  });
});
