import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../test/factories";
import { isolationFixtures } from "../test/isolation-fixtures";
import { createTestApp, TestClient, type TestApp } from "../test/test-server";
import type { RegisteredRoute } from "./auth-guard";

/**
 * Walks every registered /api/v1 route. New routes are picked up automatically; a route with a
 * parameter or body the fixtures do not know makes this test fail until the fixture is added.
 */

// Routes anyone may call. Adding one here is a security decision: keep the list short.
const PUBLIC_ROUTES = new Set([
  "GET /api/v1/auth/session",
  "POST /api/v1/auth/sign-up",
  "POST /api/v1/auth/sign-in",
  "GET /api/v1/auth/invitation",
  "GET /api/v1/auth/oidc/start",
  "GET /api/v1/auth/oidc/callback",
]);

// Routes that exist only with WATCHFLOOR_TEST_CLOCK (refused outside NODE_ENV=test).
const TEST_ONLY_ROUTES = new Set(["POST /api/v1/test/clock"]);

const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;

let app: TestApp;
let fixtures: Awaited<ReturnType<typeof isolationFixtures>>;

beforeAll(async () => {
  // With the test clock on, so the test-only routes are walked too; production lacks them (below).
  app = await createTestApp({ WATCHFLOOR_TEST_CLOCK: "1" });
  fixtures = await isolationFixtures(app);
});
afterAll(() => app.close());

function fill(route: RegisteredRoute): string {
  const query = fixtures.queries[key(route)] ?? fixtures.listQueries[key(route)];
  return (
    route.url.replace(/:(\w+)/g, (_m, name: string) => {
      const value = fixtures.params[name];
      if (!value)
        throw new Error(`No Tenant B fixture for path parameter :${name} (${key(route)}); add it to test/isolation-fixtures.ts`);
      return encodeURIComponent(value);
    }) + (query ? `?${query}` : "")
  );
}

function body(route: RegisteredRoute): unknown {
  if (!WRITE.has(route.method) || route.method === "DELETE") return undefined;
  const k = key(route);
  if (k in fixtures.bodies) return fixtures.bodies[k];
  if (route.policy.access === "tenant" || route.policy.access === "platform") {
    throw new Error(`No Tenant B body fixture for ${k}; add one to test/isolation-fixtures.ts`);
  }
  // Self-service writes act on the caller only and are not sent to other tenants.
  return undefined;
}

const callAs = (client: TestClient, route: RegisteredRoute, headers: Record<string, string> = {}) =>
  client.request({ method: route.method, url: fill(route), payload: body(route) as never, headers });

describe("route policy", () => {
  it("declares a policy on every API route and the public set is exactly the auth entry points", () => {
    expect(app.routes.length).toBeGreaterThan(20);
    const publicRoutes = app.routes.filter((r) => r.policy.access === "public").map(key);
    expect(new Set(publicRoutes)).toEqual(PUBLIC_ROUTES);
  });

  it("has the test-only routes only when the test clock is on", async () => {
    const plain = await createTestApp();
    try {
      const plainKeys = new Set(plain.routes.map(key));
      const extra = app.routes.map(key).filter((k) => !plainKeys.has(k));
      expect(new Set(extra)).toEqual(TEST_ONLY_ROUTES);
      expect(plainKeys.size).toBe(app.routes.length - TEST_ONLY_ROUTES.size);
      // Absent, not merely refused: even a platform admin gets 404, and there is no clock to move.
      const { client } = await signedInClient(plain, [], { platformAdmin: true });
      const response = await client.post("/api/v1/test/clock", { advanceMinutes: 60 });
      expect(response.statusCode).toBe(404);
      expect(plain.ctx.testClock).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it("answers 401 to anonymous callers on every non-public route", async () => {
    const failures: string[] = [];
    for (const route of app.routes.filter((r) => r.policy.access !== "public")) {
      const response = await callAs(new TestClient(app), route);
      if (response.statusCode !== 401) failures.push(`${key(route)} -> ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("never lets a Tenant A owner read or change Tenant B (404, never the data)", async () => {
    const { client } = await signedInClient(app, [{ tenantId: fixtures.tenantA.id, role: "owner" }]);
    const failures: string[] = [];
    for (const route of app.routes.filter((r) => r.policy.access !== "public")) {
      // 1. Selecting Tenant B is refused before anything runs.
      const selected = await callAs(client, route, { "x-tenant-id": fixtures.tenantB.id });
      if (selected.statusCode !== 404) failures.push(`${key(route)} with B selected -> ${selected.statusCode}`);
      // 2. Naming B's resources in the path or body finds nothing (platform routes: not allowed at all).
      // Self-service routes (access "user") act only on the caller's own account unless a path names something.
      const targetsB =
        route.url.includes(":") ||
        key(route) in fixtures.queries ||
        (route.policy.access !== "user" && body(route) !== undefined);
      if (targetsB) {
        const direct = await callAs(client, route);
        const expected = route.policy.access === "platform" ? 403 : 404;
        const acceptable = route.url.includes(":") ? [expected] : [expected, 403];
        if (!acceptable.includes(direct.statusCode)) failures.push(`${key(route)} on B's resource -> ${direct.statusCode}`);
        leaks(direct.body, route, failures);
      } else if (route.method === "GET") {
        // 3. Lists over "all my tenants" hold nothing of B.
        const list = await client.peek(fill(route));
        if (list.statusCode >= 500) failures.push(`${key(route)} -> ${list.statusCode}`);
        leaks(list.body, route, failures);
      }
    }
    expect(failures).toEqual([]);
    // B is untouched.
    const tenantB = await app.ctx.db
      .selectFrom("tenants")
      .select("name")
      .where("id", "=", fixtures.tenantB.id)
      .executeTakeFirstOrThrow();
    expect(tenantB.name).toBe("Isolation B");
  });

  it("refuses every change by a viewer (403)", async () => {
    const { client } = await signedInClient(app, [{ tenantId: fixtures.tenantB.id, role: "viewer" }]);
    const failures: string[] = [];
    const writes = app.routes.filter(
      (r) => WRITE.has(r.method) && (r.policy.access === "tenant" || r.policy.access === "platform"),
    );
    expect(writes.length).toBeGreaterThan(5);
    for (const route of writes) {
      for (const headers of [{ "x-tenant-id": fixtures.tenantB.id }, {}] as Record<string, string>[]) {
        const response = await callAs(client, route, headers);
        if (response.statusCode !== 403) failures.push(`${key(route)} ${JSON.stringify(headers)} -> ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("module entitlements on every module route", () => {
  it("refuses a tenant without the module (403 MODULE_NOT_ENABLED), selected or not, and never shows its data", async () => {
    const modular = app.routes.filter((r) => r.policy.access === "tenant" && r.policy.module);
    expect(modular.length).toBeGreaterThan(0);
    // Tenant B's owner also belongs to a tenant without any switchable module.
    const bare = await makeTenant(app, "No modules", []);
    const { client } = await signedInClient(app, [{ tenantId: bare.id, role: "owner" }]);
    const failures: string[] = [];
    for (const route of modular) {
      for (const headers of [{ "x-tenant-id": bare.id }, {}] as Record<string, string>[]) {
        const response = await client.request({ method: route.method, url: fill(route), payload: body(route) as never, headers });
        const code = response.statusCode === 403 ? response.json().code : null;
        if (code !== "MODULE_NOT_ENABLED")
          failures.push(`${key(route)} ${JSON.stringify(headers)} -> ${response.statusCode} ${code ?? ""}`);
        leaks(response.body, route, failures);
      }
    }
    expect(failures).toEqual([]);
  });
});

function leaks(text: string, route: RegisteredRoute, failures: string[]): void {
  for (const secret of fixtures.secrets) {
    if (text.includes(secret)) failures.push(`${key(route)} leaked ${secret}`);
  }
}
