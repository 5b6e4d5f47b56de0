import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
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
    expect(metrics).toMatch(/watchfloor_http_requests_total\{method="GET",route="\/api\/v1\/auth\/session",status_code="200"\} 1/);
    expect(metrics).toContain("watchfloor_http_request_duration_seconds_bucket");
  });

  it("publishes an OpenAPI 3 document built from the schemas", async () => {
    const doc = (await app.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/v1/auth/sign-in"].post.requestBody.content["application/json"].schema.properties).toHaveProperty("email");
    expect((await app.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBeLessThan(400);
  });

  it("answers every error in one shape, with a request id and no stack", async () => {
    const missing = await app.app.inject({ method: "GET", url: "/api/v1/nothing-here" });
    expect(missing.statusCode).toBe(404);
    expect(Object.keys(missing.json()).sort()).toEqual(["code", "message", "requestId"]);
    const client = new TestClient(app);
    await client.refresh();
    const badJson = await client.request({ method: "POST", url: "/api/v1/auth/sign-in", payload: "{not json", headers: { "content-type": "application/json" } });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(badJson.body).not.toContain("at ");
    expect(missing.headers["x-request-id"]).toBe(missing.json().requestId);
  });

  it("allows exactly the chat widget's origin in the Content Security Policy", async () => {
    const csp = (await app.app.inject({ method: "GET", url: "/healthz" })).headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self' https://widget.example.net");
    expect((await new TestClient(app).get("/api/v1/auth/session")).json().chatWidgetUrl).toBe("https://widget.example.net/embed.js");
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
    const response = await proxied.app.inject({ method: "GET", url: "/api/v1/auth/session", headers: { "x-forwarded-proto": "https" } });
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
    for (let i = 0; i < 4; i++) codes.push((await client.post("/api/v1/auth/sign-in", { email: "a@b.test", password: "x" })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    await limited.close();
  });
});
