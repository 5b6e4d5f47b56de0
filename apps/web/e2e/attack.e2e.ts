import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestAlert, sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, newContext, signUpFirstUser, watchConsole } from "./support/browser";
import { repoRoot, type RunningServer, startServer } from "./support/server";

const bundle = path.resolve(repoRoot, "../shared/data/attack/enterprise-attack.json");
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("ATT&CK catalogue", () => {
  it("lets a platform admin upload the Enterprise bundle, after which alerts name their techniques", async () => {
    const page = await (await newContext(browser, { viewport: { width: 1400, height: 900 } })).newPage();
    const watch = watchConsole(page);
    const base = server.baseUrl;
    await signUpFirstUser(page, base);
    const { tenant } = await sessionFacts(page, base);
    const id = await ingestAlert(page, base, tenant("Tenant A"), {
      sourceId: "attack-1",
      name: "Password spraying against VPN",
      mitreTechniques: ["T1110.003", "T9999"],
    });

    await page.goto(`${base}/dashboard/incidents/alerts/${id}`);
    await expect.poll(() => page.getByText("(not in the ATT&CK catalogue)").count()).toBe(2);

    await page.goto(`${base}/administration?tab=attack`);
    await page.getByText("No catalogue yet").waitFor();
    await page.getByLabel("Bundle file (.json)").setInputFiles(bundle);
    await page.getByRole("button", { name: "Import" }).click();
    await page
      .getByText(/Imported enterprise-attack \(STIX 2\.0\): 356 techniques, 479 sub-techniques; 132 revoked and 12 deprecated/)
      .waitFor({ timeout: 60_000 });
    await page.getByRole("cell", { name: "enterprise-attack" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${base}/dashboard/incidents/alerts/${id}`);
    await page.getByRole("listitem").filter({ hasText: "T1110.003" }).getByText("Password Spraying").waitFor();
    expect(await page.getByText("(not in the ATT&CK catalogue)").count()).toBe(1);
    watch.assertClean();
  });
});
