import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

let app: TestApp;
let client: TestClient;
let tenantId: string;
beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, undefined, ["drp"])).id;
  client = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
});
afterAll(() => app.close());

describe("DRP watched assets (issue 18)", () => {
  it("stores domains in their registrable form and names as typed, once each", async () => {
    const url = await client.post("/api/v1/drp/watched", {
      tenantId,
      kind: "domain",
      value: "https://Shop.Example.COM/login?x=1",
    });
    expect(url.statusCode).toBe(201);
    expect(url.json()).toMatchObject({ kind: "domain", value: "shop.example.com", display: "shop.example.com" });
    const idn = (await client.post("/api/v1/drp/watched", { tenantId, kind: "domain", value: "bücher.de" })).json();
    expect(idn).toMatchObject({ value: "xn--bcher-kva.de", display: "bücher.de" });
    const mail = (await client.post("/api/v1/drp/watched", { tenantId, kind: "email-domain", value: "ceo@corp.example" })).json();
    expect(mail.value).toBe("corp.example");
    const person = (await client.post("/api/v1/drp/watched", { tenantId, kind: "executive", value: "  Ada   Lovelace " })).json();
    expect(person.value).toBe("Ada Lovelace");
    const twice = await client.post("/api/v1/drp/watched", { tenantId, kind: "domain", value: "shop.example.com." });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details[0].path).toBe("value");
    const bad = await client.post("/api/v1/drp/watched", { tenantId, kind: "domain", value: "not a domain" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ path: "value" });
    expect((await client.get("/api/v1/drp/watched")).json().items).toHaveLength(4);
  });

  it("lists the look-alike registrations of a watched domain, and refuses them for a name", async () => {
    const items = (await client.get("/api/v1/drp/watched")).json().items as { id: string; kind: string; value: string }[];
    const shop = items.find((w) => w.value === "shop.example.com");
    const answer = (await client.get(`/api/v1/drp/watched/${shop?.id}/lookalikes`)).json();
    const domains = answer.items.map((l: { domain: string }) => l.domain);
    expect(domains).toEqual(expect.arrayContaining(["exmple.com", "example.net", "example-login.com"]));
    expect(domains).not.toContain("example.com");
    const person = items.find((w) => w.kind === "executive");
    expect((await client.get(`/api/v1/drp/watched/${person?.id}/lookalikes`)).statusCode).toBe(400);
  });

  it("removes a watched asset; viewers may look but not change", async () => {
    const { client: viewer } = await signedInClient(app, [{ tenantId, role: "viewer" }]);
    const items = (await viewer.get("/api/v1/drp/watched")).json().items as { id: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect((await viewer.delete(`/api/v1/drp/watched/${items[0]?.id}`)).statusCode).toBe(403);
    expect((await client.delete(`/api/v1/drp/watched/${items[0]?.id}`)).statusCode).toBe(200);
    expect((await client.delete(`/api/v1/drp/watched/${items[0]?.id}`)).statusCode).toBe(404);
  });
});
