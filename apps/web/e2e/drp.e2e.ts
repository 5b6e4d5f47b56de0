import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, openAs, screenshot, signUpAndKeep } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 18, DRP: two new tenants (a new tenant has no DRP). The provider switches DRP on for
 * Brand Shop in Administration → Modules; Plain Co sees the upgrade page and requests it. Brand
 * Shop watches example.com, imports a newly registered domains feed written here (look-alikes,
 * a brand-carrying domain, noise and a bad line), sees the findings and asks for a takedown.
 */
let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
const tenants: Record<string, string> = {};

// The feed: what a registrar's daily list looks like, with two look-alikes of example.com.
const feed = [
  "# newly registered domains, 2026-11-26",
  "",
  "exarnple.com", // rn for m: homoglyph, high
  "exmple.com", // omission: medium
  "example-login.net", // the watched name beside a phishing word: brand in domain, high
  "weather-today.org",
  "example.jane-doe.app", // the watched name as a word (medium); holds an executive's name, matched when she is watched
  "not a domain!",
].join("\n");

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base, async (page) => {
    const { csrf } = await sessionFacts(page, base);
    for (const [name, slug] of [
      ["Brand Shop", "brand-shop"],
      ["Plain Co", "plain-co"],
    ] as const) {
      const created = await page.request.post(`${base}/api/v1/tenants`, {
        data: { name, slug },
        headers: { "x-csrf-token": csrf },
      });
      expect(created.status(), await created.text()).toBe(201);
      tenants[name] = ((await created.json()) as { id: string }).id;
    }
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page with the tenant picker's stored choice set to one tenant (or all). */
/** The tenant picker's stored choice (lib/tenant-scope.ts), set before the page loads. */
const open = (pathAndQuery: string, tenant: string | null, width = 1400) =>
  openAs(browser, state, `${base}${pathAndQuery}`, width, (page) =>
    page.addInitScript((id) => localStorage.setItem("watchfloor.tenant", JSON.stringify({ tenantId: id })), tenant),
  );

const findingRow = (page: Page, domain: string) =>
  page.getByTestId("drp-finding").filter({ has: page.getByText(domain, { exact: true }) });

describe("drp", () => {
  it("lets the provider switch DRP on for one tenant", async () => {
    const { context, page, consoleWatch } = await open("/administration?tab=modules", null);
    const drpForShop = page.getByRole("switch", { name: "DRP for Brand Shop" });
    await drpForShop.waitFor();
    expect(await drpForShop.getAttribute("aria-checked")).toBe("false");
    await drpForShop.click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="DRP for Brand Shop"]')?.getAttribute("aria-checked") === "true",
    );
    expect(await page.getByRole("switch", { name: "DRP for Plain Co" }).getAttribute("aria-checked")).toBe("false");
    consoleWatch.assertClean();
    await context.close();
  });

  it("shows the other tenant its upgrade page and records its request", async () => {
    const { context, page, consoleWatch } = await open("/drp", tenants["Plain Co"] ?? "");
    await page.getByRole("heading", { name: "Upgrade to DRP" }).waitFor();
    expect(await page.getByTestId("drp-findings").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Import a feed" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Request DRP for Plain Co" }).click();
    await page
      .getByTestId("module-access")
      .getByText(/Requested on/)
      .waitFor();
    await screenshot(page, "drp-upgrade-request");
    consoleWatch.assertClean();
    await context.close();
  });

  it("watches a domain, imports a feed of look-alikes, lists the findings and requests a takedown", async () => {
    const { context, page, consoleWatch } = await open("/drp", tenants["Brand Shop"] ?? "");
    await page.getByText("No findings yet").waitFor();
    const watch = page.getByRole("form", { name: "Watch an asset" });
    await watch.getByLabel("Value").fill("example.com");
    await watch.getByRole("button", { name: "Watch" }).click();
    await page.getByTestId("watched-assets").getByRole("cell", { name: "example.com", exact: true }).waitFor();

    await page.getByLabel("Feed", { exact: true }).selectOption("newly-registered");
    await page
      .getByLabel("Feed file")
      .setInputFiles({ name: "nrd-2026-11-26.txt", mimeType: "text/plain", buffer: Buffer.from(feed) });
    await page.getByRole("button", { name: "Upload and import" }).click();
    const report = page.getByTestId("import-report");
    await report.waitFor();
    expect(await report.textContent()).toContain("nrd-2026-11-26.txt");
    expect(await page.getByTestId("rejected-rows").textContent()).toContain("is not a domain name");
    await page.getByTestId("rejected-rows").scrollIntoViewIfNeeded();
    await screenshot(page, "drp-import-report-1400");

    const table = page.getByTestId("drp-findings");
    await findingRow(page, "exarnple.com").waitFor();
    expect(await page.getByTestId("drp-finding").count()).toBe(4);
    expect(await findingRow(page, "exarnple.com").textContent()).toContain("homoglyph");
    expect(await findingRow(page, "example-login.net").textContent()).toContain("Brand in domain");
    expect(await table.textContent()).not.toContain("weather-today.org");

    // Filters live in the URL.
    await page.getByTestId("drp-filters").getByLabel("Confidence").selectOption("high");
    await page.waitForURL((u) => u.searchParams.get("confidence") === "high");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="drp-finding"]').length === 2);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="drp-finding"]').length === 2);
    expect(await page.getByTestId("drp-filters").getByLabel("Confidence").inputValue()).toBe("high");

    // Move one by keyboard: choose the status, Tab to Move, Enter.
    const select = page.getByLabel("Move exarnple.com to");
    await select.focus();
    await select.selectOption("takedown-requested");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await findingRow(page, "exarnple.com").getByText("Takedown requested", { exact: true }).waitFor();
    expect(await findingRow(page, "exarnple.com").textContent()).toMatch(/by .+,/);
    expect(await page.getByLabel("Move exarnple.com to").locator("option").allTextContents()).toEqual([
      "Move to…",
      "Taken down",
      "Investigating",
      "Benign",
    ]);

    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });
    await page.getByTestId("drp-filters").getByLabel("Confidence").selectOption("");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="drp-finding"]').length === 4);

    // Watching an executive matches the domains already known at once: no import, no scan.
    await watch.getByLabel("Kind").selectOption("executive");
    await watch.getByLabel("Value").fill("Jane Doe");
    await watch.getByRole("button", { name: "Watch" }).click();
    const told = watch.getByRole("status");
    await told.waitFor();
    expect(await told.textContent()).toMatch(
      /Watching Jane Doe\. Matched against \d+ known domains and 0 alerts of the last 30 days: 1 new finding, 0 seen again\./,
    );
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="drp-finding"]').length === 5);
    expect(await page.getByTestId("drp-finding").filter({ hasText: "Executive in domain" }).textContent()).toContain(
      "jane-doe.app",
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "drp-findings-1400");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(600);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "drp-findings-375");
    await page.getByTestId("drp-finding").last().scrollIntoViewIfNeeded();
    await screenshot(page, "drp-findings-375-rows");
    consoleWatch.assertClean();
    await context.close();
  });
});
