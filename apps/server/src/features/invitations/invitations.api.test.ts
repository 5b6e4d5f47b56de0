import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, PASSWORD, signedInClient } from "../../test/factories";
import { createTestApp, TestClient, type TestApp } from "../../test/test-server";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("invitations", () => {
  it("lets an invited analyst sign up and see only the tenant granted", async () => {
    const a = await makeTenant(app, "Tenant A");
    const b = await makeTenant(app, "Tenant B");
    const { client: owner, user: ownerUser } = await signedInClient(app, [
      { tenantId: a.id, role: "owner" },
      { tenantId: b.id, role: "owner" },
    ]);
    const created = await owner.post("/api/v1/invitations", { email: "Analyst@Example.test", tenantId: b.id, role: "analyst" });
    expect(created.statusCode).toBe(201);
    const invitation = created.json();
    expect(invitation.email).toBe("analyst@example.test");
    expect(invitation.signupPath).toBe(`/signup?invite=${invitation.token}`);

    const lookup = await new TestClient(app).get(`/api/v1/auth/invitation?token=${invitation.token}`);
    expect(lookup.json()).toEqual({ email: "analyst@example.test", tenantName: "Tenant B", role: "analyst" });

    const invitee = new TestClient(app, "invitee-browser");
    const wrongEmail = await invitee.signUp({
      email: "other@example.test",
      password: "Lantern-Orchard-77",
      displayName: "Sam",
      inviteToken: invitation.token,
    });
    expect(wrongEmail.json().details[0].path).toBe("email");
    const signedUp = await invitee.signUp({
      email: "analyst@example.test",
      password: "Lantern-Orchard-77",
      displayName: "Sam Okafor",
      inviteToken: invitation.token,
    });
    expect(signedUp.statusCode).toBe(201);
    const tenants = (await invitee.get("/api/v1/tenants")).json().items;
    expect(tenants.map((t: { name: string; role: string }) => [t.name, t.role])).toEqual([["Tenant B", "analyst"]]);

    // Used once only.
    const reuse = await new TestClient(app).signUp({
      email: "second@example.test",
      password: "Lantern-Orchard-77",
      displayName: "x",
      inviteToken: invitation.token,
    });
    expect(reuse.json().details[0].path).toBe("inviteToken");

    const notes = (await owner.get("/api/v1/notifications")).json().items;
    expect(notes.some((n: { kind: string }) => n.kind === "invitation_accepted")).toBe(true);
    const audit = (await owner.get("/api/v1/audit")).json().items.map((e: { event: string }) => e.event);
    expect(audit).toEqual(expect.arrayContaining(["invitation.created", "invitation.accepted"]));
    expect(ownerUser.email).toBeTruthy();
  });

  it("lets an existing account accept an invitation while signed in", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const { client: owner } = await signedInClient(app, [{ tenantId: b.id, role: "admin" }]);
    const { client: staff, user } = await signedInClient(app, [{ tenantId: a.id, role: "analyst" }]);
    const invitation = (await owner.post("/api/v1/invitations", { email: user.email, tenantId: b.id, role: "viewer" })).json();
    expect((await staff.post("/api/v1/invitations/accept", { token: invitation.token })).statusCode).toBe(200);
    await staff.refresh();
    expect((await staff.get("/api/v1/tenants")).json().items).toHaveLength(2);
  });

  it("does not let an admin grant owner, and revokes", async () => {
    const t = await makeTenant(app);
    const { client: admin } = await signedInClient(app, [{ tenantId: t.id, role: "admin" }]);
    const owner = await admin.post("/api/v1/invitations", { email: "boss@example.test", tenantId: t.id, role: "owner" });
    expect(owner.statusCode).toBe(403);
    const made = (await admin.post("/api/v1/invitations", { email: "temp@example.test", tenantId: t.id, role: "viewer" })).json();
    expect((await admin.delete(`/api/v1/invitations/${made.id}`)).statusCode).toBe(200);
    const signup = await new TestClient(app).signUp({
      email: "temp@example.test",
      password: "Lantern-Orchard-77",
      displayName: "T",
      inviteToken: made.token,
    });
    expect(signup.statusCode).toBe(400);
  });

  it("opens sign-up when a platform admin says so", async () => {
    const t = await makeTenant(app);
    const { client: admin } = await signedInClient(app, [{ tenantId: t.id, role: "owner" }], { platformAdmin: true });
    expect(
      (await new TestClient(app).signUp({ email: "walkin@example.test", password: PASSWORD, displayName: "W" })).statusCode,
    ).toBe(403);
    expect((await admin.put("/api/v1/settings/signup", { open: true })).json()).toEqual({ open: true });
    const walkIn = new TestClient(app);
    expect((await walkIn.signUp({ email: "walkin@example.test", password: PASSWORD, displayName: "W" })).statusCode).toBe(201);
    expect((await walkIn.get("/api/v1/tenants")).json().items).toEqual([]);
  });
});
