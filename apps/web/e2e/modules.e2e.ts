import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, newContext, screenshot, signUpFirstUser, watchConsole } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 18: module entitlements. The first account is the provider's platform owner and owner
 * of the five demo tenants; Tenants A and B have every module, C to E a new tenant's default
 * (no DRP, Cloud Sec or CTEM). The provider switches DRP on for Tenant C, Tenant E's owner sees
 * the upgrade page alone, and a request reaches the provider's notifications once.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const context = await newContext(browser);
  page = await context.newPage();
  await signUpFirstUser(page, server.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pickTenant(name: RegExp | "All tenants") {
  await page.getByTestId("tenant-picker").click();
  if (name === "All tenants") await page.getByRole("menuitemcheckbox", { name: "All tenants" }).click();
  else await page.getByRole("menuitemcheckbox", { name }).click();
}

describe("module entitlements", () => {
  it("lets the provider switch DRP on for Tenant C from Administration", async () => {
    const watch = watchConsole(page);
    await page.goto(`${server.baseUrl}/administration?tab=modules`);
    const drpForC = page.getByRole("switch", { name: "DRP for Tenant C" });
    await drpForC.waitFor();
    expect(await drpForC.getAttribute("aria-checked")).toBe("false");
    expect(await page.getByRole("switch", { name: "DRP for Tenant A" }).getAttribute("aria-checked")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);
    await drpForC.click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="DRP for Tenant C"]')?.getAttribute("aria-checked") === "true",
    );
    await screenshot(page, "modules-admin");
    watch.assertClean();
  });

  it("shows a tenant without DRP its upgrade page, and tells the provider of a request once", async () => {
    const watch = watchConsole(page);
    await pickTenant(/Tenant E/);
    await page.goto(`${server.baseUrl}/drp`);
    await page.getByRole("heading", { name: "Upgrade to DRP" }).waitFor();
    // No tenant in scope has DRP: nothing else is shown (no empty list that reads as "no data").
    expect(await page.getByRole("region", { name: "Watched assets" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "drp-upgrade");
    await page.getByRole("button", { name: "Request DRP for Tenant E" }).click();
    await page
      .getByTestId("module-access")
      .getByText(/Requested on/)
      .waitFor();
    // The provider (this same platform owner) is told, in the notifications.
    await pickTenant("All tenants");
    await page.goto(`${server.baseUrl}/notifications`);
    await page.getByText("asks for DRP for Tenant E").first().waitFor();
    expect(await page.getByText("asks for DRP for Tenant E").count()).toBe(1);
    // And the switchboard lists it until DRP is enabled.
    await page.goto(`${server.baseUrl}/administration?tab=modules`);
    await page.getByTestId("module-requests").getByText("for Tenant E").waitFor();
    watch.assertClean();
  });

  it("watches a domain for a tenant with DRP and lists its look-alikes, beside the tenants without DRP", async () => {
    const watch = watchConsole(page);
    await page.goto(`${server.baseUrl}/drp`);
    // A, B and C have DRP now; D and E do not (E has asked).
    await page.getByRole("heading", { name: "Not enabled for 2 of your tenants" }).waitFor();
    const rows = page.getByTestId("module-access").locator("li");
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain("Tenant D");
    expect(await page.getByRole("button", { name: "Request DRP for Tenant D" }).count()).toBe(1);

    await page.getByText("Nothing watched yet").waitFor();
    // The page also has the findings' and the feed import's tenant fields: the watch form's own.
    const watchForm = page.getByRole("form", { name: "Watch an asset" });
    await watchForm.getByLabel("Tenant", { exact: true }).selectOption({ label: "Tenant C" });
    await watchForm.getByLabel("Value").fill("not a domain");
    await watchForm.getByRole("button", { name: "Watch" }).click();
    await page.getByText("is not a domain name").waitFor();
    await watchForm.getByLabel("Value").fill("https://Example.com/login");
    await watchForm.getByRole("button", { name: "Watch" }).click();
    const table = page.getByTestId("watched-assets");
    await table.getByRole("cell", { name: "example.com", exact: true }).waitFor();
    expect(await table.textContent()).toContain("Tenant C");
    await page.getByRole("button", { name: "Look-alikes of example.com" }).click();
    await page.getByTestId("lookalike-count").waitFor();
    expect(
      Number((await page.getByTestId("lookalike-count").textContent())?.replace(/[^0-9].*$/s, "").replace(/,/g, "")),
    ).toBeGreaterThan(100);
    await page.getByRole("cell", { name: "exmple.com", exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "drp-watched-1400");
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "drp-watched-375");
    watch.assertClean();
  });
});
