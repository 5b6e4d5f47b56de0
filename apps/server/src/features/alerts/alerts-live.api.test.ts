import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

let app: TestApp;
let tenantId: string;
let otherTenantId: string;
let analyst: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Live Tenant")).id;
  otherTenantId = (await makeTenant(app, "Other Tenant")).id;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
});
afterAll(() => app.close());

describe("live updates and export", () => {
  it("pushes a new alert to a subscribed client of that tenant only", async () => {
    const address = await app.app.listen({ port: 0, host: "127.0.0.1" });
    const cookie = [...analyst.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const controller = new AbortController();
    const response = await fetch(`${address}/api/v1/events`, { headers: { cookie }, signal: controller.signal });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const received: string[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received.push(decoder.decode(value));
        if (received.join("").includes("event: change")) return;
      }
    })();
    // A change in a tenant the analyst cannot see is not sent; one in theirs is.
    app.ctx.events.publish({ tenantId: otherTenantId, kind: "alert", ids: ["hidden"], action: "created" });
    const posted = await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, { source: "live", sourceId: "1", name: "Live one", priority: "High" });
    await Promise.race([reading, new Promise((r) => setTimeout(r, 2000))]);
    controller.abort();
    const text = received.join("");
    expect(text).toContain(posted.json().id);
    expect(text).not.toContain("hidden");
  });

  it("exports the filtered set as CSV, formula-safe", async () => {
    for (let i = 0; i < 5; i++) {
      await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, { source: "csv", sourceId: `c${i}`, name: i === 0 ? "=cmd|' /C calc'!A0" : `Export, "quoted" ${i}`, priority: i % 2 ? "Low" : "High" });
    }
    const response = await analyst.get("/api/v1/alerts/export.csv?priority=High&sort=name&dir=asc");
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]?.startsWith("id,tenant,source,sourceId,name")).toBe(true);
    const highs = (await analyst.get("/api/v1/alerts?priority=High&limit=200")).json().items.length;
    expect(lines.length - 1).toBe(highs);
    expect(response.body).toContain(`"Export, ""quoted"" 2"`);
    expect(response.body).toContain("'=cmd");
  });
});
