import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backgroundWork } from "../../background-work";
import { makeTenant, makeUser, PASSWORD, signedInClient } from "../../test/factories";
import { startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, TestClient, type TestApp } from "../../test/test-server";

/**
 * Issue 13, findings 1 and 2: an administrator of one tenant resets the password of an account
 * that can also sign in elsewhere, then signs in as it. Both answered 200 before the fix.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const NEW = "Taken-Over-Account-2026";
const reset = (client: TestClient, userId: string) => client.post(`/api/v1/users/${userId}/password`, { newPassword: NEW });

describe("resetting another person's account", () => {
  it("never lets a tenant owner reset the platform owner", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const platformOwner = await makeUser(
      app,
      [
        { tenantId: a.id, role: "owner" },
        { tenantId: b.id, role: "owner" },
      ],
      { platformAdmin: true },
    );
    const { client: ownerOfA } = await signedInClient(app, [{ tenantId: a.id, role: "owner" }]);
    const response = await reset(ownerOfA, platformOwner.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain("platform owner");
    expect((await new TestClient(app).signIn(platformOwner.email, NEW)).statusCode).toBe(401);
    expect((await new TestClient(app).signIn(platformOwner.email, PASSWORD)).statusCode).toBe(200);
  });

  it("refuses an admin whose target also belongs to a tenant they do not manage", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const shared = await makeUser(app, [
      { tenantId: a.id, role: "analyst" },
      { tenantId: b.id, role: "owner" },
    ]);
    const { client: adminOfA } = await signedInClient(app, [{ tenantId: a.id, role: "admin" }]);
    expect((await reset(adminOfA, shared.id)).statusCode).toBe(403);
    // Analyst in B is not authority over B either.
    const { client: mixed } = await signedInClient(app, [
      { tenantId: a.id, role: "owner" },
      { tenantId: b.id, role: "analyst" },
    ]);
    expect((await reset(mixed, shared.id)).statusCode).toBe(403);
    expect((await new TestClient(app).signIn(shared.email, NEW)).statusCode).toBe(401);
    // The same call for the admin's second-factor reset is refused on the same rule.
    expect((await adminOfA.delete(`/api/v1/users/${shared.id}/second-factors`)).statusCode).toBe(403);
  });

  it("hides people in no tenant the actor manages, and refuses the actor's own account", async () => {
    const a = await makeTenant(app);
    const c = await makeTenant(app);
    const stranger = await makeUser(app, [{ tenantId: c.id, role: "viewer" }]);
    const { client: adminOfA, user } = await signedInClient(app, [{ tenantId: a.id, role: "admin" }]);
    expect((await reset(adminOfA, stranger.id)).statusCode).toBe(404);
    expect((await reset(adminOfA, user.id)).statusCode).toBe(403);
  });

  it("lets an admin of every tenant of the account set a temporary password that must be replaced", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const member = await makeUser(app, [
      { tenantId: a.id, role: "analyst" },
      { tenantId: b.id, role: "viewer" },
    ]);
    const { client: admin, user: adminUser } = await signedInClient(app, [
      { tenantId: a.id, role: "admin" },
      { tenantId: b.id, role: "admin" },
    ]);
    const before = new TestClient(app);
    await before.signIn(member.email, PASSWORD);

    expect((await reset(admin, member.id)).statusCode).toBe(200);
    // Every session of theirs ended.
    expect((await before.get("/api/v1/tenants")).statusCode).toBe(401);

    const next = new TestClient(app);
    const signIn = await next.signIn(member.email, NEW);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().pending).toBe("password_change");
    // The temporary password opens nothing but the change.
    const blocked = await next.get("/api/v1/alerts");
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe("PASSWORD_CHANGE_REQUIRED");
    expect((await next.refresh()).user).toMatchObject({ pending: "password_change" });
    const same = await next.post("/api/v1/auth/password", { currentPassword: NEW, newPassword: NEW });
    expect(same.json().details[0].path).toBe("newPassword");
    expect(
      (await next.post("/api/v1/auth/password", { currentPassword: NEW, newPassword: "Chosen-By-Member-2026" })).statusCode,
    ).toBe(200);
    expect((await next.get("/api/v1/tenants")).statusCode).toBe(200);
    expect((await next.refresh()).user).toMatchObject({ pending: null });

    // They were told, and both tenants' audit logs record who did it.
    const notes = (await next.get("/api/v1/notifications")).json().items;
    expect(
      notes.some((n: { kind: string; message: string }) => n.kind === "account_security" && n.message.includes(adminUser.email)),
    ).toBe(true);
    const audit = await app.ctx.db
      .selectFrom("audit_log")
      .select(["tenant_id", "actor_user_id"])
      .where("event", "=", "auth.password_reset")
      .where("actor_user_id", "=", adminUser.id)
      .execute();
    expect(audit.map((r) => r.tenant_id).sort()).toEqual([a.id, b.id].sort());
  });

  it("lets a platform owner reset any other account", async () => {
    const c = await makeTenant(app);
    const someone = await makeUser(app, [{ tenantId: c.id, role: "owner" }]);
    const { client: platform } = await signedInClient(app, [], { platformAdmin: true });
    expect((await reset(platform, someone.id)).statusCode).toBe(200);
  });
});

describe("telling the person by mail", () => {
  it("mails someone whose password or second factors an admin reset, when the server has SMTP", async () => {
    const sink = await startSmtpSink();
    const mailApp = await createTestApp({ WATCHFLOOR_SMTP_URL: sink.url, WATCHFLOOR_SMTP_FROM: "Watchfloor <soc@example.test>" });
    const runner = backgroundWork(mailApp.ctx, () => undefined);
    try {
      const tenant = await makeTenant(mailApp);
      const person = await makeUser(mailApp, [{ tenantId: tenant.id, role: "analyst" }], { email: "reset-me@example.test" });
      const { client: admin, user } = await signedInClient(mailApp, [{ tenantId: tenant.id, role: "admin" }]);
      expect((await reset(admin, person.id)).statusCode).toBe(200);
      expect((await admin.delete(`/api/v1/users/${person.id}/second-factors`)).statusCode).toBe(200);
      await runner.runDue();
      const mails = await sink.waitFor(2);
      expect(mails.map((m) => m.subject).sort()).toEqual([
        "Your Watchfloor password was reset",
        "Your Watchfloor second factors were removed",
      ]);
      expect(mails.map((m) => m.to)).toMatchObject([{ text: "reset-me@example.test" }, { text: "reset-me@example.test" }]);
      expect(mails[0]?.text).toContain(user.email);
      // The temporary password itself is never mailed.
      expect(mails.some((m) => m.text?.includes(NEW))).toBe(false);
    } finally {
      await runner.stop();
      await mailApp.close();
      await sink.close();
    }
  });
});
