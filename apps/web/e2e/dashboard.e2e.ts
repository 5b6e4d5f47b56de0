import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSettled, sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, newContext, screenshot, signUpAndKeep, watchConsole } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;

type Summary = { open: number; openByPriority: Record<string, number>; tenants: unknown[] | null };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, width = 1400) {
  const context = await newContext(browser, { storageState: state, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const consoleWatch = watchConsole(page);
  const summary = page.waitForResponse((r) => r.url().includes("/api/v1/dashboard/summary") && r.ok());
  await page.goto(`${base}${path}`);
  await summary;
  await page.getByTestId("kpi-open-value").waitFor();
  return { context, page, consoleWatch };
}

const figure = async (page: Page, id: string) => Number((await page.getByTestId(`${id}-value`).textContent())?.replace(/,/g, ""));

describe("security overview", () => {
  it("changes its figures with the tenant picked in the header, matching the API", async () => {
    const { context, page, consoleWatch } = await open("/dashboard");
    const allOpen = await figure(page, "kpi-open");
    expect(allOpen).toBeGreaterThan(0);
    expect(await page.getByTestId("tenant-row").count()).toBe(5);

    const scoped = page.waitForResponse(
      (r) => r.url().includes("/api/v1/dashboard/summary") && r.request().headers()["x-tenant-id"] !== undefined,
    );
    await page.getByTestId("tenant-picker").click();
    await page.getByRole("menuitemcheckbox", { name: /Tenant A/ }).click();
    const response = await scoped;
    const url = new URL(response.url());
    await page.getByTestId("tenant-table").waitFor({ state: "detached" });
    const tenantOpen = await figure(page, "kpi-open");
    expect(tenantOpen).not.toBe(allOpen);

    const { tenant } = await sessionFacts(page, base);
    const api = (await (
      await page.request.get(`${base}/api/v1/dashboard/summary${url.search}`, { headers: { "x-tenant-id": tenant("Tenant A") } })
    ).json()) as Summary;
    expect(api.tenants).toBeNull();
    expect(tenantOpen).toBe(api.open);
    expect(await figure(page, "kpi-open-critical")).toBe(api.openByPriority.Critical);
    consoleWatch.assertClean();
    await context.close();
  });

  it("links a figure to the alert list with the same filters", async () => {
    const { context, page, consoleWatch } = await open("/dashboard?range=30d");
    const critical = await figure(page, "kpi-open-critical");
    expect(critical).toBeGreaterThan(0);
    await page.getByTestId("kpi-open-critical").click();
    await page.waitForURL((u) => u.pathname === "/dashboard/incidents/open" && u.searchParams.get("priority") === "Critical");
    const url = new URL(page.url());
    expect(url.searchParams.get("from")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(url.searchParams.get("to")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await listSettled(page);
    const priorities = await page.locator("[data-testid=alert-row] td:nth-child(3)").allTextContents();
    expect(priorities.length).toBe(Math.min(critical, 50));
    expect(priorities.every((p) => p === "Critical")).toBe(true);

    // A top-list row opens the alerts of exactly that rule (not a free-text search).
    await page.goBack();
    const lastRule = page.getByTestId("top-rules").getByRole("link").last();
    // The link carries the rule's key (its id, or the alert name when it has none); the row shows its label.
    const count = await lastRule.locator("span.tabular-nums").textContent();
    await lastRule.click();
    await page.waitForURL((u) => u.pathname === "/dashboard/incidents/all" && Boolean(u.searchParams.get("rule")));
    expect(new URL(page.url()).searchParams.get("q")).toBeNull();
    await listSettled(page);
    expect(await page.locator("[data-testid=alert-row]").count()).toBe(Math.min(Number(count?.replace(/,/g, "")), 50));
    consoleWatch.assertClean();
    await context.close();
  });

  it("keeps the range in the URL, has no serious accessibility issues and looks right at every width", async () => {
    const { context, page, consoleWatch } = await open("/dashboard");
    await page.getByRole("button", { name: /90d/ }).click();
    await page.waitForURL((u) => u.searchParams.get("range") === "90d");
    await page.getByRole("button", { name: /90d/, pressed: true }).waitFor();
    await page.locator("figure svg").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [1400, 1100, 800, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(600);
      await page.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
      await screenshot(page, `dashboard-${width}`);
      // The lower half (tenant table, top lists) scrolls inside <main>.
      await page.evaluate(() => document.querySelector("main")?.scrollTo(0, 860));
      await screenshot(page, `dashboard-${width}-lower`);
    }
    consoleWatch.assertClean();
    await context.close();
  });
});
