import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { complianceFrameworkScoresSchema, complianceRequirementScoresSchema } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

/**
 * Issue 15: a framework requirement rolls up the compliance tags alerts carry beside its scan
 * results (Wazuh `rule.pci_dss` 10.2.4 and 10.2.5 under a scanned PCI DSS 10.2, for example).
 */
const shared = path.resolve(fileURLToPath(new URL("../../../../../../shared/data", import.meta.url)));
let app: TestApp;
let tenantId: string;
let otherId: string;
let admin: TestClient;
let other: TestClient;

type Frameworks = z.output<typeof complianceFrameworkScoresSchema>;
type Requirements = z.output<typeof complianceRequirementScoresSchema>;

const post = async (client: TestClient, url: string, body: Buffer | string) => {
  const response = await client.request({
    method: "POST",
    url,
    payload: body,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json();
};
const get = async <T>(client: TestClient, url: string): Promise<T> => {
  const response = await client.get(url);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as T;
};

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Tagged Co")).id;
  otherId = (await makeTenant(app, "Untagged Co")).id;
  admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
  other = (await signedInClient(app, [{ tenantId: otherId, role: "admin" }])).client;
  // The shared Wazuh alerts are from 4 March 2020: look at them from a week later.
  app.clock.now = Date.UTC(2020, 2, 11);
  const wazuh = readFileSync(path.join(shared, "alerts/wazuh/wazuh_alerts_ait_insect.json"));
  const report = await post(admin, `/api/v1/imports/alerts?tenantId=${tenantId}&format=wazuh`, wazuh);
  expect(report.created).toBe(497);
});
afterAll(() => app.close());

describe("alert activity per compliance requirement", () => {
  it("counts the alerts of each framework the Wazuh rules tagged", async () => {
    const frameworks = await get<Frameworks>(admin, "/api/v1/compliance/frameworks");
    expect(frameworks.alertWindowDays).toBe(30);
    // No scan yet: both frameworks have alert activity only. 336 alerts carry PCI DSS and GDPR tags.
    expect(frameworks.alertOnly).toEqual([
      { framework: "pci-dss-4.0", alerts: 336 },
      { framework: "gdpr", alerts: 336 },
    ]);
    const pci = await get<Requirements>(admin, "/api/v1/compliance/requirements?framework=pci-dss-4.0");
    expect(pci.items).toEqual([]);
    expect(pci.alertOnly.map((t) => [t.requirement, t.alerts])).toEqual([
      ["5.2", 2],
      ["10.2.4", 333],
      ["10.2.5", 333],
      ["10.6.1", 1],
      ["11.4", 24],
    ]);
    expect(pci.alertOnly[0]?.lastAlertAt).toMatch(/^2020-03-04T/);
  });

  it("shows a scanned requirement's checks and the alert tags under it together", async () => {
    // An InSpec control mapped to PCI DSS 4.0 10.2 (the InSpec JSON reporter's shape).
    const scan = JSON.stringify({
      platform: { name: "ubuntu", target_id: "pci-host" },
      profiles: [
        {
          name: "pci-profile",
          controls: [
            {
              id: "audit-1",
              title: "Audit logs are enabled",
              impact: 0.7,
              tags: { "pci_dss_v4.0": ["10.2"] },
              results: [{ status: "failed", start_time: "2020-03-05T00:00:00Z" }],
            },
          ],
        },
      ],
    });
    await post(admin, `/api/v1/imports/compliance?tenantId=${tenantId}`, scan);
    const pci = await get<Requirements>(admin, "/api/v1/compliance/requirements?framework=pci-dss-4.0");
    expect(pci.items).toHaveLength(1);
    expect(pci.items[0]).toMatchObject({ requirement: "10.2", fail: 1 });
    expect(pci.items[0]?.alertTags.map((t) => [t.requirement, t.alerts])).toEqual([
      ["10.2.4", 333],
      ["10.2.5", 333],
    ]);
    expect(pci.alertOnly.map((t) => t.requirement)).toEqual(["5.2", "10.6.1", "11.4"]);
    const frameworks = await get<Frameworks>(admin, "/api/v1/compliance/frameworks");
    expect(frameworks.items.find((f) => f.framework === "pci-dss-4.0")).toMatchObject({ fail: 1, alerts: 336 });
    expect(frameworks.alertOnly).toEqual([{ framework: "gdpr", alerts: 336 }]);
  });

  it("is counted in the caller's tenants only, and only in the window", async () => {
    const theirs = await get<Frameworks>(other, "/api/v1/compliance/frameworks");
    expect(theirs.alertOnly).toEqual([]);
    expect(theirs.items.every((f) => f.alerts === 0)).toBe(true);
    app.clock.now = Date.UTC(2020, 4, 1);
    const later = await get<Frameworks>(admin, "/api/v1/compliance/frameworks");
    expect(later.alertOnly).toEqual([]);
    expect(later.items.every((f) => f.alerts === 0)).toBe(true);
  });
});
