import { lockoutPolicy } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, makeUser, PASSWORD, signedInClient } from "../../test/factories";
import { SoftAuthenticator } from "../../test/soft-authenticator";
import { createTestApp, TestClient, type TestApp } from "../../test/test-server";
import { totpCode } from "./totp";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A user with TOTP enrolled from a first session; returns its secret and recovery codes. */
async function enrolTotp(client: TestClient) {
  const started = (await client.post("/api/v1/auth/security/totp", {})).json();
  expect(started.uri).toMatch(/^otpauth:\/\/totp\/Watchfloor:/);
  const confirmed = await client.post("/api/v1/auth/security/totp/confirm", {
    factorId: started.factorId,
    code: totpCode(started.secret, app.clock.now),
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret: started.secret as string, codes: confirmed.json().recoveryCodes as string[] };
}

const THIRTY_SECONDS = 30_000;

describe("second factor: TOTP and recovery codes", () => {
  it("enrols TOTP with a code from the app, then asks for a code at every sign-in", async () => {
    const t = await makeTenant(app);
    const { client, user } = await signedInClient(app, [{ tenantId: t.id, role: "analyst" }]);
    const wrong = await client.post("/api/v1/auth/security/totp", {});
    const bad = await client.post("/api/v1/auth/security/totp/confirm", { factorId: wrong.json().factorId, code: "000000" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe("code");

    const { secret, codes } = await enrolTotp(client);
    expect(codes).toHaveLength(10);
    // The enrolling session goes on working.
    expect((await client.get("/api/v1/tenants")).statusCode).toBe(200);
    const security = (await client.get("/api/v1/auth/security")).json();
    expect(security).toMatchObject({ recoveryCodesLeft: 10, factors: [{ kind: "totp" }] });

    const next = new TestClient(app);
    const signIn = await next.signIn(user.email, PASSWORD);
    expect(signIn.json()).toMatchObject({ pending: "second_factor", secondFactors: ["totp"] });
    const blocked = await next.get("/api/v1/alerts");
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe("SECOND_FACTOR_REQUIRED");

    app.clock.now += THIRTY_SECONDS;
    const code = totpCode(secret, app.clock.now);
    expect((await next.post("/api/v1/auth/second-factor/verify", { method: "totp", code })).statusCode).toBe(200);
    expect((await next.get("/api/v1/alerts")).statusCode).toBe(200);
    expect((await next.refresh()).user).toMatchObject({ pending: null });

    // The same code cannot be replayed by a second session.
    const replay = new TestClient(app);
    await replay.signIn(user.email, PASSWORD);
    expect((await replay.post("/api/v1/auth/second-factor/verify", { method: "totp", code })).statusCode).toBe(400);

    // A recovery code works once.
    const [recovery = ""] = codes;
    expect(
      (await replay.post("/api/v1/auth/second-factor/verify", { method: "recovery", code: recovery.toUpperCase() })).statusCode,
    ).toBe(200);
    const again = new TestClient(app);
    await again.signIn(user.email, PASSWORD);
    expect((await again.post("/api/v1/auth/second-factor/verify", { method: "recovery", code: recovery })).statusCode).toBe(400);
    expect((await client.get("/api/v1/auth/security")).json().recoveryCodesLeft).toBe(9);

    const audit = await app.ctx.db.selectFrom("audit_log").select("event").where("actor_user_id", "=", user.id).execute();
    expect(audit.map((a) => a.event)).toEqual(
      expect.arrayContaining(["auth.second_factor_enrolled", "auth.second_factor_verified"]),
    );
  });

  it("locks guessing of codes like guessing of passwords, and ends the half-signed-in session", async () => {
    const t = await makeTenant(app);
    const { client, user } = await signedInClient(app, [{ tenantId: t.id, role: "viewer" }]);
    await enrolTotp(client);
    const guesser = new TestClient(app, "guesser", "203.0.113.9");
    await guesser.signIn(user.email, PASSWORD);
    let last = await guesser.post("/api/v1/auth/second-factor/verify", { method: "totp", code: "111111" });
    for (let i = 1; i < lockoutPolicy.maxFailures; i++)
      last = await guesser.post("/api/v1/auth/second-factor/verify", { method: "totp", code: "111111" });
    expect(last.statusCode).toBe(423);
    expect((await guesser.get("/api/v1/auth/security")).statusCode).toBe(401);
    expect((await guesser.signIn(user.email, PASSWORD)).statusCode).toBe(423);
  });

  it("removes a factor only with the password, and makes new recovery codes", async () => {
    const t = await makeTenant(app);
    const { client } = await signedInClient(app, [{ tenantId: t.id, role: "viewer" }]);
    await enrolTotp(client);
    const fresh = await client.post("/api/v1/auth/security/recovery-codes", { currentPassword: PASSWORD });
    expect(fresh.json().codes).toHaveLength(10);
    const [factor] = (await client.get("/api/v1/auth/security")).json().factors;
    const refused = await client.post(`/api/v1/auth/security/factors/${factor.id}/remove`, { currentPassword: "not-it" });
    expect(refused.json().details[0].path).toBe("currentPassword");
    expect(
      (await client.post(`/api/v1/auth/security/factors/${factor.id}/remove`, { currentPassword: PASSWORD })).statusCode,
    ).toBe(200);
    expect((await client.get("/api/v1/auth/security")).json()).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
  });
});

describe("second factor: tenant policy and administrators", () => {
  it("makes members of a tenant that requires it enrol before anything else, and keeps the last factor", async () => {
    const t = await makeTenant(app);
    const { client: owner } = await signedInClient(app, [{ tenantId: t.id, role: "owner" }]);
    const member = await makeUser(app, [{ tenantId: t.id, role: "analyst" }]);
    const memberClient = new TestClient(app);
    await memberClient.signIn(member.email, PASSWORD);

    const set = await owner.put(`/api/v1/tenants/${t.id}/security-policy`, { requireSecondFactor: true });
    expect(set.statusCode).toBe(200);
    // Sessions already open are held at enrolment too (the owner's as well).
    const held = await memberClient.get("/api/v1/alerts");
    expect(held.json().code).toBe("SECOND_FACTOR_ENROLMENT_REQUIRED");
    expect((await memberClient.refresh()).user).toMatchObject({ pending: "second_factor_enrolment" });
    expect((await memberClient.get("/api/v1/auth/security")).json().requiredBy).toHaveLength(1);
    await enrolTotp(memberClient);
    expect((await memberClient.get("/api/v1/alerts")).statusCode).toBe(200);

    const [factor] = (await memberClient.get("/api/v1/auth/security")).json().factors;
    const keep = await memberClient.post(`/api/v1/auth/security/factors/${factor.id}/remove`, { currentPassword: PASSWORD });
    expect(keep.statusCode).toBe(409);

    await enrolTotp(owner);
    const members = (await owner.get(`/api/v1/tenants/${t.id}/members`)).json().items;
    expect(members.find((m: { userId: string }) => m.userId === member.id).secondFactor).toBe(true);
    expect((await owner.get("/api/v1/tenants")).json().items[0].requireSecondFactor).toBe(true);
  });

  it("lets an administrator with authority over the account reset its factors (a lost phone)", async () => {
    const t = await makeTenant(app);
    const { client: admin } = await signedInClient(app, [{ tenantId: t.id, role: "admin" }]);
    const { client, user } = await signedInClient(app, [{ tenantId: t.id, role: "analyst" }]);
    await enrolTotp(client);
    expect((await admin.delete(`/api/v1/users/${user.id}/second-factors`)).statusCode).toBe(200);
    expect((await client.get("/api/v1/tenants")).statusCode).toBe(401);
    const next = new TestClient(app);
    expect((await next.signIn(user.email, PASSWORD)).json().pending).toBeNull();
    const notes = (await next.get("/api/v1/notifications")).json().items;
    expect(
      notes.some(
        (n: { kind: string; message: string }) =>
          n.kind === "account_security" && n.message.includes("removed your second factors"),
      ),
    ).toBe(true);
  });
});

describe("second factor: passkeys", () => {
  it("registers a passkey and signs in with it; a replayed or foreign answer is refused", async () => {
    const t = await makeTenant(app);
    const { client, user } = await signedInClient(app, [{ tenantId: t.id, role: "analyst" }]);
    const key = new SoftAuthenticator("http://localhost");
    const options = (await client.post("/api/v1/auth/security/passkeys/options")).json();
    expect(options.rp).toMatchObject({ id: "localhost" });
    const registered = await client.post("/api/v1/auth/security/passkeys", { label: "Laptop", response: key.register(options) });
    expect(registered.statusCode).toBe(200);
    expect(registered.json().recoveryCodes).toHaveLength(10);

    const next = new TestClient(app);
    expect((await next.signIn(user.email, PASSWORD)).json()).toMatchObject({
      pending: "second_factor",
      secondFactors: ["passkey"],
    });
    const challenge = (await next.post("/api/v1/auth/second-factor/passkey-options")).json();
    const stranger = new SoftAuthenticator("http://localhost");
    expect(
      (await next.post("/api/v1/auth/second-factor/verify", { method: "passkey", response: stranger.assert(challenge) }))
        .statusCode,
    ).toBe(400);
    // Each challenge verifies once: ask again.
    const fresh = (await next.post("/api/v1/auth/second-factor/passkey-options")).json();
    const answer = key.assert(fresh);
    expect((await next.post("/api/v1/auth/second-factor/verify", { method: "passkey", response: answer })).statusCode).toBe(200);
    expect((await next.get("/api/v1/alerts")).statusCode).toBe(200);

    const replay = new TestClient(app);
    await replay.signIn(user.email, PASSWORD);
    await replay.post("/api/v1/auth/second-factor/passkey-options");
    expect((await replay.post("/api/v1/auth/second-factor/verify", { method: "passkey", response: answer })).statusCode).toBe(
      400,
    );
    const junk = await replay.post("/api/v1/auth/second-factor/verify", {
      method: "passkey",
      response: { id: "x", response: "nonsense" },
    });
    expect(junk.statusCode).toBe(400);
  });
});
