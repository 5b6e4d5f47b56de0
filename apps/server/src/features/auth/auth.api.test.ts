import { lockoutPolicy } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minutes } from "../../lib/time";
import { makeTenant, makeUser, PASSWORD } from "../../test/factories";
import { createTestApp, TestClient, type TestApp } from "../../test/test-server";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const owner = { email: "ciso@example.test", password: "Harbor-Lights-Ninety", displayName: "Dana Reyes", jobTitle: "CISO" };

describe("sign-up", () => {
  it("makes the first account the owner of every existing tenant", async () => {
    const a = await makeTenant(app, "Tenant A");
    const b = await makeTenant(app, "Tenant B");
    const client = new TestClient(app);
    const session = await client.refresh();
    expect(session.user).toBeNull();
    const response = await client.signUp(owner);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user.platformAdmin).toBe(true);
    expect(user.jobTitle).toBe("CISO");
    expect(user.memberships.map((m: { tenantId: string; role: string }) => [m.tenantId, m.role]).sort()).toEqual(
      [
        [a.id, "owner"],
        [b.id, "owner"],
      ].sort(),
    );
    const cookie = response.cookies.find((c) => c.name === "wf_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
  });

  it("refuses a second sign-up without an invitation while sign-up is closed", async () => {
    const response = await new TestClient(app).signUp({
      email: "x@example.test",
      password: "Quiet-Meadow-Lantern",
      displayName: "X",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("SIGNUP_CLOSED");
  });

  it("reports each broken password rule against the password field", async () => {
    const client = new TestClient(app);
    await client.refresh();
    const short = await client.post("/api/v1/auth/sign-up", { email: "y@example.test", password: "short", displayName: "Y" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "password" }] });
    const common = await client.post("/api/v1/auth/sign-up", {
      email: "y@example.test",
      password: "password1234",
      displayName: "Y",
    });
    expect(common.json().details[0].message).toMatch(/common/);
    const email = await client.post("/api/v1/auth/sign-up", {
      email: "marguerite@example.test",
      password: "marguerite-2026-xyz",
      displayName: "Y",
    });
    expect(email.json().details[0].message).toMatch(/e-mail/);
  });

  it("rejects a write without the CSRF token", async () => {
    const client = new TestClient(app);
    const response = await client.request({
      method: "POST",
      url: "/api/v1/auth/sign-in",
      payload: { email: owner.email, password: owner.password },
      headers: { "x-csrf-token": "forged" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("CSRF_FAILED");
  });
});

describe("sign-in and sessions", () => {
  it("signs in, rotates the session and signs out", async () => {
    const client = new TestClient(app);
    const first = await client.signIn(owner.email, owner.password);
    expect(first.statusCode).toBe(200);
    const firstCookie = client.cookies.get("wf_session");
    await client.signIn(owner.email, owner.password);
    expect(client.cookies.get("wf_session")).not.toBe(firstCookie);
    const replay = new TestClient(app);
    replay.cookies.set("wf_session", firstCookie ?? "");
    expect((await replay.get("/api/v1/tenants")).statusCode).toBe(401);
    expect((await client.post("/api/v1/auth/sign-out")).statusCode).toBe(200);
    expect((await client.get("/api/v1/tenants")).statusCode).toBe(401);
  });

  it("answers a wrong password and an unknown account alike", async () => {
    const client = new TestClient(app);
    const wrong = await client.signIn(owner.email, "Not-The-Password-1");
    const unknown = await client.signIn("nobody@example.test", "Not-The-Password-1");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it("locks the account after repeated failures and audits it", async () => {
    const tenant = await makeTenant(app);
    const user = await makeUser(app, [{ tenantId: tenant.id, role: "analyst" }]);
    const client = new TestClient(app, "lock-test-agent", "10.9.9.9");
    let last = await client.signIn(user.email, "Wrong-Password-Here");
    for (let i = 1; i < lockoutPolicy.maxFailures; i++) last = await client.signIn(user.email, "Wrong-Password-Here");
    expect(last.statusCode).toBe(423);
    expect(last.json().code).toBe("ACCOUNT_LOCKED");
    // The right password does not help while locked.
    expect((await client.signIn(user.email, PASSWORD)).statusCode).toBe(423);
    const events = await app.ctx.db.selectFrom("audit_log").select("event").where("actor_user_id", "=", user.id).execute();
    expect(events.map((e) => e.event)).toContain("auth.lockout");
    app.clock.now += minutes(lockoutPolicy.lockMinutes) + 1;
    expect((await client.signIn(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("locks per account and address: a stranger's guesses do not lock the owner out, and the owner is told (issue 13, finding 8)", async () => {
    const tenant = await makeTenant(app);
    const user = await makeUser(app, [{ tenantId: tenant.id, role: "owner" }], { platformAdmin: true });
    const attacker = new TestClient(app, "attacker", "203.0.113.66");
    for (let i = 0; i < lockoutPolicy.maxFailures; i++) await attacker.signIn(user.email, "Guessing-Passwords-1");
    expect((await attacker.signIn(user.email, PASSWORD)).statusCode).toBe(423);
    const owner = new TestClient(app, "owner-laptop", "192.0.2.80");
    expect((await owner.signIn(user.email, PASSWORD)).statusCode).toBe(200);
    const notes = (await owner.get("/api/v1/notifications")).json().items;
    const lock = notes.find((n: { kind: string }) => n.kind === "account_security");
    expect(lock.message).toContain("203.0.113.66");
    // Administrators see the lock in the members list.
    const members = (await owner.get(`/api/v1/tenants/${tenant.id}/members`)).json().items;
    expect(members.find((m: { userId: string }) => m.userId === user.id).lockedUntil).not.toBeNull();
  });

  it("expires idle sessions with a distinct code", async () => {
    const client = new TestClient(app);
    await client.signIn(owner.email, owner.password);
    app.clock.now += minutes(app.ctx.env.WATCHFLOOR_SESSION_IDLE_MINUTES + 1);
    const response = await client.get("/api/v1/tenants");
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("SESSION_EXPIRED");
  });

  it("changes the password, ending other sessions", async () => {
    const tenant = await makeTenant(app);
    const user = await makeUser(app, [{ tenantId: tenant.id, role: "viewer" }]);
    const laptop = new TestClient(app);
    const phone = new TestClient(app, "phone");
    await laptop.signIn(user.email, PASSWORD);
    await phone.signIn(user.email, PASSWORD);
    const bad = await laptop.post("/api/v1/auth/password", { currentPassword: "nope", newPassword: "Another-Long-Secret-9" });
    expect(bad.json().details[0].path).toBe("currentPassword");
    const ok = await laptop.post("/api/v1/auth/password", { currentPassword: PASSWORD, newPassword: "Another-Long-Secret-9" });
    expect(ok.statusCode).toBe(200);
    expect((await phone.get("/api/v1/tenants")).statusCode).toBe(401);
    expect((await laptop.get("/api/v1/tenants")).statusCode).toBe(200);
    const sessions = (await laptop.get("/api/v1/auth/sessions")).json().items;
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(true);
  });

  it("notifies a sign-in from a device not seen before", async () => {
    const tenant = await makeTenant(app);
    const user = await makeUser(app, [{ tenantId: tenant.id, role: "analyst" }]);
    const usual = new TestClient(app, "Mozilla/5.0 (Windows NT 10.0) Chrome/140.0", "192.0.2.10");
    await usual.signIn(user.email, PASSWORD);
    await usual.signIn(user.email, PASSWORD);
    expect((await usual.get("/api/v1/notifications")).json().unreadCount).toBe(0);
    const other = new TestClient(app, "Mozilla/5.0 (Macintosh; Mac OS X 14) Firefox/130.0", "198.51.100.7");
    await other.signIn(user.email, PASSWORD);
    const list = (await usual.get("/api/v1/notifications")).json();
    expect(list.unreadCount).toBe(1);
    expect(list.items[0]).toMatchObject({ kind: "new_device_sign_in" });
    expect(list.items[0].message).toContain("Firefox on macOS");
    expect((await usual.post(`/api/v1/notifications/${list.items[0].id}/read`)).statusCode).toBe(200);
    expect((await usual.get("/api/v1/notifications?filter=unread")).json().items).toHaveLength(0);
  });

  it("validates preferences", async () => {
    const client = new TestClient(app);
    await client.signIn(owner.email, owner.password);
    const bad = await client.put("/api/v1/auth/preferences", {
      theme: "dark",
      timeZone: "Mars/Olympus",
      dateFormat: "YYYY-MM-DD",
      defaultTenantId: null,
    });
    expect(bad.json().details[0].path).toBe("timeZone");
    const good = await client.put("/api/v1/auth/preferences", {
      theme: "dark",
      timeZone: "Europe/Berlin",
      dateFormat: "DD/MM/YYYY",
      defaultTenantId: null,
    });
    expect(good.statusCode).toBe(200);
    expect((await client.refresh()).user).toMatchObject({ preferences: { theme: "dark", timeZone: "Europe/Berlin" } });
  });
});
