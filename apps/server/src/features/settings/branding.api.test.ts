import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-server";

/** The provider's name and logo on report covers: set by platform administrators, checked, audited. */

// A 1 x 1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
let app: TestApp;
let tenant: string;

beforeAll(async () => {
  app = await createTestApp();
  tenant = (await makeTenant(app, "Brand Client")).id;
});
afterAll(async () => {
  await app.close();
});

const pdfTool = (tool: string, content: Buffer, args: string[] = []) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "wf-brand-")), "r.pdf");
  writeFileSync(file, content);
  return execFileSync(tool, [...args, file, ...(tool === "pdftotext" ? ["-"] : [])]).toString();
};

describe("branding", () => {
  it("puts the provider's name and logo on report covers", async () => {
    const { client: platform } = await signedInClient(app, [{ tenantId: tenant, role: "owner" }], { platformAdmin: true });
    const { client: owner } = await signedInClient(app, [{ tenantId: tenant, role: "owner" }]);
    const body = { providerName: "Northwind MSSP", logo: `data:image/png;base64,${PNG}` };
    expect((await owner.put("/api/v1/settings/branding", body)).statusCode).toBe(403);

    const fake = await platform.put("/api/v1/settings/branding", {
      ...body,
      logo: `data:image/png;base64,${Buffer.from("GIF89a....").toString("base64")}`,
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().details[0]).toMatchObject({ path: "logo" });
    const svg = await platform.put("/api/v1/settings/branding", { ...body, logo: "data:image/svg+xml;base64,PHN2Zz4=" });
    expect(svg.statusCode).toBe(400);

    const saved = await platform.put("/api/v1/settings/branding", body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await platform.get("/api/v1/settings/branding")).json()).toEqual(body);

    const pdf = await owner.get(`/api/v1/reports/service.pdf?tenants=${tenant}&period=last7`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdfTool("pdftotext", pdf.rawPayload)).toContain("NORTHWIND MSSP");
    expect(pdfTool("pdfimages", pdf.rawPayload, ["-list"])).toMatch(/\n\s+1\s+0\s+image\s+1\s+1\s/);
    const json = (await owner.get(`/api/v1/reports/service?tenants=${tenant}&period=last7`)).json();
    expect(json.meta.provider).toBe("Northwind MSSP");

    // Cleared, the cover names the product again.
    await platform.put("/api/v1/settings/branding", { providerName: null, logo: null });
    const plain = await owner.get(`/api/v1/reports/service.pdf?tenants=${tenant}&period=last7`);
    expect(pdfTool("pdftotext", plain.rawPayload)).not.toContain("NORTHWIND");
    expect(pdfTool("pdfimages", plain.rawPayload, ["-list"]).trim().split("\n")).toHaveLength(2);
    expect((await platform.get("/api/v1/audit?event=settings.changed")).statusCode).toBeLessThan(500);
  });
});
