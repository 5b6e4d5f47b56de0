import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, TestClient, type TestApp } from "../../test/test-server";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ WATCHFLOOR_CHAT_WIDGET_URL: "https://widget.example.net/embed.js" });
});
afterAll(() => app.close());

describe("platform endpoints", () => {
  it("reports liveness, readiness and per-route metrics", async () => {
    expect((await app.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await app.app.inject({ method: "GET", url: "/readyz" })).json()).toMatchObject({ status: "ready" });
    await new TestClient(app).get("/api/v1/auth/session");
    const metrics = (await app.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(metrics).toMatch(
      /watchfloor_http_requests_total\{method="GET",route="\/api\/v1\/auth\/session",status_code="200"\} 1/,
    );
    expect(metrics).toContain("watchfloor_http_request_duration_seconds_bucket");
  });

  it("serves /metrics only to this host or to a scraper with the token; others get the unknown-path 404", async () => {
    const get = (target: TestApp, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1", url = "/metrics") =>
      target.app.inject({ method: "GET", url, headers, remoteAddress });
    const unknown = await get(app, {}, "203.0.113.9", "/metrixx");
    for (const refused of [await get(app, {}, "203.0.113.9"), await get(app, { "x-forwarded-for": "203.0.113.9" })]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain("watchfloor_");
      expect(refused.json()).toMatchObject({ code: unknown.json().code, message: "No route for GET /metrics." });
    }
    expect((await get(app, {}, "::1")).statusCode).toBe(200);

    const token = "scrape-".padEnd(40, "k");
    const scraped = await createTestApp({ WATCHFLOOR_METRICS_TOKEN: token });
    try {
      const remote = await get(scraped, { authorization: `Bearer ${token}` }, "203.0.113.9");
      expect(remote.statusCode).toBe(200);
      expect(remote.body).toContain("watchfloor_http_requests_total");
      expect((await get(scraped, { authorization: `Bearer ${token.slice(0, -1)}x` }, "203.0.113.9")).statusCode).toBe(404);
      expect((await get(scraped, {}, "203.0.113.9")).statusCode).toBe(404);
      expect((await get(scraped)).statusCode).toBe(200);
    } finally {
      await scraped.close();
    }
  });

  it("keeps API answers and CSV exports out of caches, and sends HSTS only over HTTPS", async () => {
    const tenant = await makeTenant(app);
    const { client } = await signedInClient(app, [{ tenantId: tenant.id, role: "analyst" }]);
    const list = await client.get("/api/v1/tenants");
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    const csv = await client.get("/api/v1/alerts/export.csv");
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["cache-control"]).toBe("no-store");
    expect((await client.get("/api/v1/nothing-here")).headers["cache-control"]).toBe("no-store");
    expect((await app.app.inject({ method: "GET", url: "/healthz" })).headers["cache-control"]).toBeUndefined();
    // Not behind a trusted proxy, X-Forwarded-Proto is the client's word: no HSTS.
    const plain = await app.app.inject({ method: "GET", url: "/api/v1/auth/session", headers: { "x-forwarded-proto": "https" } });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();

    const proxied = await createTestApp({ WATCHFLOOR_TRUST_PROXY: "true" });
    try {
      for (const url of ["/api/v1/auth/session", "/healthz"]) {
        const secure = await proxied.app.inject({ method: "GET", url, headers: { "x-forwarded-proto": "https" } });
        expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
        const insecure = await proxied.app.inject({ method: "GET", url, headers: { "x-forwarded-proto": "http" } });
        expect(insecure.headers["strict-transport-security"]).toBeUndefined();
      }
    } finally {
      await proxied.close();
    }
  });

  it("publishes an OpenAPI 3 document built from the schemas", async () => {
    const doc = (await app.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/v1/auth/sign-in"].post.requestBody.content["application/json"].schema.properties).toHaveProperty(
      "email",
    );
    expect((await app.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBeLessThan(400);
  });

  it("answers every error in one shape, with a request id and no stack", async () => {
    const missing = await app.app.inject({ method: "GET", url: "/api/v1/nothing-here" });
    expect(missing.statusCode).toBe(404);
    expect(Object.keys(missing.json()).sort()).toEqual(["code", "message", "requestId"]);
    const client = new TestClient(app);
    await client.refresh();
    const badJson = await client.request({
      method: "POST",
      url: "/api/v1/auth/sign-in",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(badJson.body).not.toContain("at ");
    expect(missing.headers["x-request-id"]).toBe(missing.json().requestId);
  });

  it("allows exactly the chat widget's origin in the Content Security Policy", async () => {
    const csp = (await app.app.inject({ method: "GET", url: "/healthz" })).headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self' https://widget.example.net");
    expect((await new TestClient(app).get("/api/v1/auth/session")).json().chatWidgetUrl).toBe(
      "https://widget.example.net/embed.js",
    );
  });

  it("serves the web app with a history fallback for client routes, never for the API", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "wf-dist-"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Watchfloor</title>");
    const { app: web } = await buildApp(app.ctx, { logger: false, webDist: dist });
    const page = await web.inject({ method: "GET", url: "/dashboard/incidents/open", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Watchfloor</title>");
    const api = await web.inject({ method: "GET", url: "/api/v1/unknown", headers: { accept: "text/html" } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe("NOT_FOUND");
    await web.close();
  });

  it("marks cookies Secure behind an HTTPS proxy when told to trust it", async () => {
    const proxied = await createTestApp({ WATCHFLOOR_TRUST_PROXY: "true" });
    const response = await proxied.app.inject({
      method: "GET",
      url: "/api/v1/auth/session",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(response.cookies.find((c) => c.name === "wf_csrf")?.secure).toBe(true);
    const plain = await app.app.inject({ method: "GET", url: "/api/v1/auth/session", headers: { "x-forwarded-proto": "https" } });
    expect(plain.cookies.find((c) => c.name === "wf_csrf")?.secure).toBeFalsy();
    await proxied.close();
  });

  it("rate-limits sign-in attempts per address", async () => {
    const limited = await createTestApp({ WATCHFLOOR_SIGNIN_RATE_PER_MINUTE: "3" });
    const client = new TestClient(limited);
    await client.refresh();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await client.post("/api/v1/auth/sign-in", { email: "a@b.test", password: "x" })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    await limited.close();
  });
});
