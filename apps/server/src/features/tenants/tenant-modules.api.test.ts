import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-server";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const drpOf = (
  items: {
    tenantId: string;
    modules: { module: string; enabled: boolean; changedBy: string | null; requestedBy: string | null }[];
  }[],
  tenantId: string,
) => items.find((t) => t.tenantId === tenantId)?.modules.find((m) => m.module === "drp");

describe("module entitlements (issue 18)", () => {
  it("gives a new tenant the default modules and leaves the upgrades off", async () => {
    const t = await makeTenant(app);
    const { client } = await signedInClient(app, [{ tenantId: t.id, role: "owner" }]);
    const tenant = (await client.get("/api/v1/tenants")).json().items[0];
    expect(tenant.modules).toEqual(expect.arrayContaining(["alerts", "incidents", "vm", "mdr", "compliance", "automation"]));
    expect(tenant.modules).not.toContain("drp");
    const states = (await client.get("/api/v1/modules")).json().items[0].modules;
    expect(states.map((m: { module: string; enabled: boolean }) => `${m.module}:${m.enabled}`).sort()).toEqual(
      ["automation:true", "cloud-sec:false", "compliance:true", "ctem:false", "drp:false", "mdr:true", "vm:true"].sort(),
    );
  });

  it("lets only the provider's administrators switch a module, with who and when, in the tenant's audit log", async () => {
    const t = await makeTenant(app);
    const { client: owner } = await signedInClient(app, [{ tenantId: t.id, role: "owner" }]);
    // A tenant's own owner cannot buy itself a module, by the old PATCH or the new route.
    expect((await owner.put(`/api/v1/tenants/${t.id}/modules/drp`, { enabled: true })).statusCode).toBe(403);
    const patched = await owner.patch(`/api/v1/tenants/${t.id}`, { modules: ["drp"] });
    expect(patched.statusCode).toBe(400);
    expect(drpOf((await owner.get("/api/v1/modules")).json().items, t.id)?.enabled).toBe(false);

    const { client: provider, user } = await signedInClient(app, [], { platformAdmin: true });
    const on = await provider.put(`/api/v1/tenants/${t.id}/modules/drp`, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().modules.find((m: { module: string }) => m.module === "drp")).toMatchObject({
      enabled: true,
      changedBy: user.email.split("@")[0],
    });
    expect(drpOf((await owner.get("/api/v1/modules")).json().items, t.id)).toMatchObject({ enabled: true });
    const audit = (await owner.get("/api/v1/audit?event=tenant.module_enabled")).json().items;
    expect(audit[0]).toMatchObject({ event: "tenant.module_enabled", details: { module: "drp" } });
    expect((await provider.put(`/api/v1/tenants/${t.id}/modules/not-a-module`, { enabled: true })).json().details[0].path).toBe(
      "params.module",
    );
    expect((await provider.put("/api/v1/tenants/no-such-tenant/modules/drp", { enabled: true })).statusCode).toBe(404);
  });

  it("tells the provider's administrators of a request once per tenant and module", async () => {
    const t = await makeTenant(app);
    const { client: provider } = await signedInClient(app, [], { platformAdmin: true });
    const before = (await provider.get("/api/v1/notifications")).json().items.length;
    const { client: owner } = await signedInClient(app, [{ tenantId: t.id, role: "owner" }]);
    const first = await owner.post(`/api/v1/tenants/${t.id}/modules/ctem/request`);
    expect(first.json()).toMatchObject({ requested: true });
    const again = await owner.post(`/api/v1/tenants/${t.id}/modules/ctem/request`);
    expect(again.json()).toMatchObject({ requested: false, requestedAt: first.json().requestedAt });
    const notes = (await provider.get("/api/v1/notifications")).json().items;
    expect(notes.length - before).toBe(1);
    expect(notes[0]).toMatchObject({ kind: "module_request" });
    expect(notes[0].message).toContain("CTEM");
    // Enabling it answers the request; a module already on cannot be requested.
    await provider.put(`/api/v1/tenants/${t.id}/modules/ctem`, { enabled: true });
    const state = (await owner.get("/api/v1/modules"))
      .json()
      .items[0].modules.find((m: { module: string }) => m.module === "ctem");
    expect(state).toMatchObject({ enabled: true, requestedAt: null });
    expect((await owner.post(`/api/v1/tenants/${t.id}/modules/ctem/request`)).statusCode).toBe(409);
    // Analysts cannot ask: the tenant's owners and admins decide on purchases.
    const { client: analystClient } = await signedInClient(app, [{ tenantId: t.id, role: "analyst" }]);
    expect((await analystClient.post(`/api/v1/tenants/${t.id}/modules/drp/request`)).statusCode).toBe(403);
  });

  it("keeps a module's data to the tenants that have it, and says why for one that does not", async () => {
    const withDrp = await makeTenant(app, undefined, ["drp"]);
    const without = await makeTenant(app);
    const { client } = await signedInClient(app, [
      { tenantId: withDrp.id, role: "owner" },
      { tenantId: without.id, role: "owner" },
    ]);
    expect(
      (await client.post("/api/v1/drp/watched", { tenantId: withDrp.id, kind: "domain", value: "watched.example" })).statusCode,
    ).toBe(201);
    const refused = await client.post("/api/v1/drp/watched", { tenantId: without.id, kind: "domain", value: "watched.example" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "MODULE_NOT_ENABLED" });
    expect(refused.json().message).toContain("DRP");
    // "All my tenants" lists only the entitled tenant's data.
    expect((await client.get("/api/v1/drp/watched")).json().items.map((w: { tenantId: string }) => w.tenantId)).toEqual([
      withDrp.id,
    ]);
    client.tenantId = without.id;
    expect((await client.get("/api/v1/drp/watched")).json()).toMatchObject({ code: "MODULE_NOT_ENABLED" });
    // Switched off, the data stays but is out of reach until it is switched on again.
    const { client: provider } = await signedInClient(app, [], { platformAdmin: true });
    await provider.put(`/api/v1/tenants/${withDrp.id}/modules/drp`, { enabled: false });
    client.tenantId = withDrp.id;
    expect((await client.get("/api/v1/drp/watched")).statusCode).toBe(403);
    await provider.put(`/api/v1/tenants/${withDrp.id}/modules/drp`, { enabled: true });
    expect((await client.get("/api/v1/drp/watched")).json().items).toHaveLength(1);
  });
});
