import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant } from "../../test/factories";
import { createTestApp, TestClient, type TestApp } from "../../test/test-server";

/**
 * Single sign-on against a real OpenID Connect provider (panva/oidc-provider) listening on
 * loopback. Its development login form accepts any account id; the account's claims are ours.
 */
const WF_BASE = "http://127.0.0.1:39901";
const CALLBACK = `${WF_BASE}/api/v1/auth/oidc/callback`;
const accounts: Record<string, { email: string; email_verified: boolean; name: string }> = {
  "ciso-1": { email: "ciso@sso.test", email_verified: true, name: "Ines Laurent" },
  "analyst-1": { email: "invited@sso.test", email_verified: true, name: "Ola Berg" },
  "stranger-1": { email: "stranger@sso.test", email_verified: true, name: "Nobody" },
};

let issuerServer: Server;
let issuer: string;
let app: TestApp;

beforeAll(async () => {
  // Pick a free port first: the issuer URL must be known before the provider is built.
  const placeholder = createServer();
  await new Promise<void>((r) => placeholder.listen(0, "127.0.0.1", r));
  const port = (placeholder.address() as AddressInfo).port;
  await new Promise<void>((r) => placeholder.close(() => r()));
  issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "watchfloor",
        client_secret: "wf-client-secret",
        redirect_uris: [CALLBACK],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    findAccount: async (_ctx, sub) => {
      const claims = accounts[sub];
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["oidc-test-cookie-key"] },
  });
  issuerServer = provider.listen(port);
  await new Promise<void>((r) => issuerServer.once("listening", () => r()));
  app = await createTestApp({
    WATCHFLOOR_OIDC_ISSUER: issuer,
    WATCHFLOOR_OIDC_CLIENT_ID: "watchfloor",
    WATCHFLOOR_OIDC_CLIENT_SECRET: "wf-client-secret",
    WATCHFLOOR_PUBLIC_URL: WF_BASE,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await new Promise<void>((r) => issuerServer.close(() => r()));
});

/** Plays the browser at the provider: follows redirects, keeps cookies, submits login and consent. */
async function loginAtProvider(authorizeUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let method = "GET";
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      method,
      body,
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (name) jar.set(name.trim(), rest.join("="));
    }
    method = "GET";
    body = undefined;
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get("location") ?? "", url);
      if (next.href.startsWith(CALLBACK)) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider page without a form: ${response.status} ${html.slice(0, 200)}`);
    url = new URL(action, url).href;
    method = "POST";
    body = html.includes('value="login"')
      ? new URLSearchParams({ prompt: "login", login: accountId, password: "any" }).toString()
      : new URLSearchParams({ prompt: "consent" }).toString();
  }
  throw new Error("too many redirects at the provider");
}

async function ssoSignIn(client: TestClient, accountId: string, returnTo = "/dashboard/incidents/open") {
  const start = await client.get(`/api/v1/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`);
  expect(start.statusCode).toBe(302);
  const callback = await loginAtProvider(start.headers.location as string, accountId);
  return client.get(`${callback.pathname}${callback.search}`);
}

describe("OIDC single sign-on", () => {
  it("advertises SSO on the session endpoint", async () => {
    const session = (await new TestClient(app).get("/api/v1/auth/session")).json();
    expect(session.sso.enabled).toBe(true);
  });

  it("makes the first SSO user the owner and returns to where they were going", async () => {
    const tenant = await makeTenant(app, "Tenant A");
    const client = new TestClient(app);
    const done = await ssoSignIn(client, "ciso-1");
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/dashboard/incidents/open");
    const me = (await client.refresh()).user;
    expect(me).toMatchObject({ email: "ciso@sso.test", platformAdmin: true });
    expect(me?.memberships).toEqual([expect.objectContaining({ tenantId: tenant.id, role: "owner" })]);
    // Signing in again reuses the linked identity.
    const again = new TestClient(app, "other-browser");
    expect((await ssoSignIn(again, "ciso-1", "/")).headers.location).toBe("/");
    expect((await again.refresh()).user?.id).toBe(me?.id);
  });

  it("accepts an invited person and refuses a stranger", async () => {
    const owner = new TestClient(app);
    await ssoSignIn(owner, "ciso-1");
    await owner.refresh();
    const tenant = (await owner.get("/api/v1/tenants")).json().items[0];
    await owner.post("/api/v1/invitations", { email: "invited@sso.test", tenantId: tenant.id, role: "analyst" });
    const invited = new TestClient(app);
    await ssoSignIn(invited, "analyst-1");
    expect((await invited.refresh()).user?.memberships).toEqual([expect.objectContaining({ role: "analyst" })]);

    const stranger = new TestClient(app);
    const refused = await ssoSignIn(stranger, "stranger-1");
    expect(refused.headers.location).toBe("/login?error=sso_no_account");
    expect((await stranger.refresh()).user).toBeNull();
  });

  it("rejects a callback whose state cookie is missing", async () => {
    const response = await new TestClient(app).get("/api/v1/auth/oidc/callback?code=x&state=y");
    expect(response.headers.location).toBe("/login?error=sso_state");
  });
});
