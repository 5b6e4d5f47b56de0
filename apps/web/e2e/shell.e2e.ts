import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, newContext, screenshot, signUpFirstUser, watchConsole, widths } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";
import { unbuiltModuleRoutes } from "../src/config/menu";

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  const context = await newContext(browser);
  const page = await context.newPage();
  await signUpFirstUser(page, base);
  state = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openAt(width: number, path = "/dashboard") {
  const context = await newContext(browser, { viewport: { width, height: 860 }, storageState: state });
  const page = await context.newPage();
  const consoleWatch = watchConsole(page);
  await page.goto(`${base}${path}`);
  await page.locator("main h1").first().waitFor();
  return { context, page, consoleWatch };
}

const waitForWidth = async (page: Page, width: number) => {
  await page.waitForFunction(
    (w) => Math.round(document.querySelector("[data-testid=docked-sidebar]")?.getBoundingClientRect().width ?? -1) === w,
    width,
  );
};

describe("shell at each width", () => {
  for (const width of widths) {
    it(`lays out the sidebar and header at ${width}px`, async () => {
      const { context, page, consoleWatch } = await openAt(width);
      const toggle = page.getByTestId("sidebar-toggle");
      const hamburger = page.getByTestId("hamburger");
      const search = page.getByRole("searchbox", { name: "Search", exact: true });
      // Landmarks.
      expect(await page.locator("header").count()).toBe(1);
      expect(await page.locator("main").count()).toBe(1);
      // Toggle only at xl (1280) and up; hamburger below.
      expect(await toggle.isVisible()).toBe(width >= 1280);
      expect(await hamburger.isVisible()).toBe(width < 1280);
      // Search from md (768) up.
      expect(await search.isVisible()).toBe(width >= 768);
      // Docked sidebar: hidden below md; a fresh load is open (270) from 1024 up and collapsed
      // (76) below (issue 21: the initial open state is the 1024 rule); fixed at xl.
      const docked = page.getByTestId("docked-sidebar");
      expect(await docked.isVisible()).toBe(width >= 768);
      if (width >= 768) {
        await waitForWidth(page, width >= 1024 ? 270 : 76);
        const position = await docked.evaluate((el) => getComputedStyle(el).position);
        expect(position).toBe(width >= 1280 ? "fixed" : "static");
      }
      // Content area is the viewport height minus 70px.
      const mainHeight = await page.locator("main").evaluate((el) => el.getBoundingClientRect().height);
      expect(Math.round(mainHeight)).toBe(860 - 70);
      await screenshot(page, `shell-${width}`);
      consoleWatch.assertClean();
      await context.close();
    });
  }

  it("collapses to icons-only and back with the xl toggle (1400)", async () => {
    const { context, page, consoleWatch } = await openAt(1400);
    await page.getByTestId("sidebar-toggle").click();
    await waitForWidth(page, 76);
    const dashboardLink = page.getByTestId("docked-sidebar").getByRole("link", { name: "Dashboard" });
    expect(await dashboardLink.getAttribute("title")).toBe("Dashboard");
    await screenshot(page, "shell-1400-collapsed");
    // A parent with sub-items opens a flyout while collapsed.
    await page.getByTestId("docked-sidebar").getByRole("button", { name: "Reports" }).click();
    await page.getByRole("link", { name: "Service Reports" }).click();
    await page.waitForURL("**/reports/service");
    await page.getByTestId("sidebar-toggle").click();
    await waitForWidth(page, 270);
    consoleWatch.assertClean();
    await context.close();
  });

  it("auto-collapses at 780px and below, expands above (resize)", async () => {
    const { context, page, consoleWatch } = await openAt(1100);
    await waitForWidth(page, 270);
    await page.setViewportSize({ width: 770, height: 860 });
    await waitForWidth(page, 76);
    await page.setViewportSize({ width: 1100, height: 860 });
    await waitForWidth(page, 270);
    consoleWatch.assertClean();
    await context.close();
  });

  it("opens the sheet below xl; it closes on Escape and on navigation (375 and 1100)", async () => {
    for (const width of [375, 1100]) {
      const { context, page, consoleWatch } = await openAt(width);
      const sheet = page.getByTestId("sidebar-sheet");
      await page.getByTestId("hamburger").click();
      await sheet.waitFor();
      expect(await page.getByRole("dialog", { name: "Navigation menu" }).isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await sheet.waitFor({ state: "detached" });
      await page.getByTestId("hamburger").click();
      await sheet.getByRole("link", { name: "Automation" }).click();
      await page.waitForURL("**/automation");
      await sheet.waitFor({ state: "detached" });
      await page.getByRole("heading", { name: "Automation" }).waitFor();
      if (width === 375) await screenshot(page, "sheet-375-after");
      consoleWatch.assertClean();
      await context.close();
    }
  });

  it("toggles submenus, one at a time, closes them on a content click, highlights the active path", async () => {
    const { context, page, consoleWatch } = await openAt(1400);
    const nav = page.getByTestId("docked-sidebar");
    const reports = nav.getByRole("button", { name: "Reports" });
    const incidents = nav.getByRole("button", { name: "Incidents" });
    await reports.click();
    expect(page.url()).toContain("/dashboard"); // toggling does not navigate
    expect(await reports.getAttribute("aria-expanded")).toBe("true");
    await page.waitForSelector('[data-submenu="reports"][data-state="open"]');
    await incidents.click();
    expect(await incidents.getAttribute("aria-expanded")).toBe("true");
    expect(await reports.getAttribute("aria-expanded")).toBe("false");
    await nav.getByRole("link", { name: "Open" }).click();
    await page.waitForURL("**/dashboard/incidents/open");
    await page.getByRole("heading", { name: "Incidents — Open" }).waitFor();
    expect(await nav.getByRole("link", { name: "Open" }).getAttribute("aria-current")).toBe("page");
    expect(await incidents.getAttribute("data-active")).toBe("true");
    expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBeNull();
    await screenshot(page, "submenu-1400");
    await page.getByTestId("content").click({ position: { x: 20, y: 20 } });
    expect(await incidents.getAttribute("aria-expanded")).toBe("false");
    consoleWatch.assertClean();
    await context.close();
  });

  it("is keyboard operable: arrows move, Right opens, Enter follows, / focuses search", async () => {
    const { context, page, consoleWatch } = await openAt(1400);
    const nav = page.getByTestId("docked-sidebar");
    await nav.getByRole("link", { name: "Dashboard" }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Reports");
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.activeElement?.textContent === "Executive Reports");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/reports/service");
    await page.getByRole("heading", { name: "Service Reports" }).waitFor();
    await page.locator("body").click({ position: { x: 700, y: 400 } });
    await page.keyboard.press("/");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Search");
    consoleWatch.assertClean();
    await context.close();
  });

  it("submits the search to /search?q= and lists what matches, or says nothing does", async () => {
    const { context, page, consoleWatch } = await openAt(1100);
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("DB-FIN-0001");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "DB-FIN-0001");
    expect(await page.getByTestId("search-query").textContent()).toContain("DB-FIN-0001");
    // The demo inventory has this database server in every tenant; its page opens from the result.
    const assets = page.getByTestId("search-assets");
    await assets.waitFor();
    await assets
      .getByRole("link", { name: /DB-FIN-0001/ })
      .first()
      .click();
    await page.waitForURL(/\/dashboard\/risk\/vulnerabilities\/assets\//);
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("no-such-thing-zq");
    await page.keyboard.press("Enter");
    await page.getByText("No alert matches.").waitFor();
    await page.getByText("No asset matches.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    consoleWatch.assertClean();
    await context.close();
  });

  it("selects and clears a tenant; the choice survives a reload and scopes requests", async () => {
    const { context, page, consoleWatch } = await openAt(1400);
    const picker = page.getByTestId("tenant-picker");
    expect(await picker.textContent()).toContain("All tenants");
    await picker.click();
    expect(await page.getByTestId("tenant-option").count()).toBe(5);
    await page.getByRole("menuitemcheckbox", { name: /Tenant B/ }).click();
    await page.waitForFunction(() => document.querySelector("[data-testid=tenant-picker]")?.textContent?.includes("Tenant B"));
    const scoped = page.waitForRequest(
      (r) => r.url().includes("/api/v1/notifications") && r.headers()["x-tenant-id"] !== undefined,
    );
    await page.reload();
    await scoped;
    await page.waitForFunction(() => document.querySelector("[data-testid=tenant-picker]")?.textContent?.includes("Tenant B"));
    expect(await page.getByTestId("tenants-in-scope").locator("li").count()).toBe(1);
    // Clicking the selected tenant again clears it.
    await picker.click();
    await page.getByRole("menuitemcheckbox", { name: /Tenant B/ }).click();
    await page.waitForFunction(() => document.querySelector("[data-testid=tenant-picker]")?.textContent?.includes("All tenants"));
    expect(await page.getByTestId("tenants-in-scope").locator("li").count()).toBe(5);
    // A press outside closes the menu.
    await picker.click();
    await page.getByRole("menu").waitFor();
    await page.mouse.click(700, 500);
    await page.getByRole("menu").waitFor({ state: "detached" });
    consoleWatch.assertClean();
    await context.close();
  });

  it("opens notifications (See All → /notifications) and the profile menu (name, title, items)", async () => {
    const { context, page, consoleWatch } = await openAt(1400);
    await page.getByTestId("notifications-trigger").click();
    const popover = page.getByTestId("notifications-popover");
    await popover.waitFor();
    const box = await popover.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(230);
    await popover.getByRole("link", { name: "See All" }).click();
    await page.waitForURL("**/notifications");
    await page.getByRole("heading", { name: "Notifications" }).waitFor();

    await page.getByTestId("profile-trigger").click();
    const menu = page.getByTestId("profile-menu");
    expect(await menu.getByTestId("profile-name").textContent()).toBe("Olivia Owner");
    expect(await menu.getByTestId("profile-title").textContent()).toBe("CISO");
    for (const item of ["Manage Profile", "Settings", "Help Center", "Sign Out"]) {
      await menu.getByRole("menuitem", { name: item }).waitFor();
    }
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await page.getByTestId("profile-trigger").click();
    await page.mouse.click(600, 600);
    await menu.waitFor({ state: "detached" });
    for (const [item, heading] of [
      ["Manage Profile", "Manage profile"],
      ["Settings", "Settings"],
      ["Help Center", "Help Center"],
    ] as const) {
      await page.getByTestId("profile-trigger").click();
      await page.getByRole("menuitem", { name: item }).click();
      await page.getByRole("heading", { name: heading, exact: true }).waitFor();
    }
    consoleWatch.assertClean();
    await context.close();
  });

  it("shows the route spinner during a slow route change, and an error page when a chunk fails", async () => {
    const { context, page, consoleWatch } = await openAt(1400);
    await page.route(/\/assets\/help-.*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.getByTestId("profile-trigger").click();
    await page.getByRole("menuitem", { name: "Help Center" }).click();
    await page.getByTestId("route-spinner").waitFor({ state: "visible" });
    await page.getByRole("heading", { name: "Help Center" }).waitFor();
    expect(await page.getByTestId("route-spinner").count()).toBe(0);
    consoleWatch.assertClean();

    await page.route(/\/assets\/search-.*\.js$/, (route) => route.abort());
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("host-1");
    await page.keyboard.press("Enter");
    await page.getByTestId("route-error").waitFor();
    expect(await page.getByTestId("route-spinner").count()).toBe(0);
    await page.getByRole("link", { name: "Back to dashboard" }).click();
    await page.getByRole("heading", { name: "Security overview" }).waitFor();
    await context.close();
  });

  // CTEM was the last menu entry with a placeholder page; every entry is built now
  // (unbuiltModuleRoutes() is empty), so only the 404 inside the layout is left to check here.
  it("shows a 404 inside the layout", async () => {
    expect(unbuiltModuleRoutes()).toEqual([]);
    const { context, page, consoleWatch } = await openAt(1100, "/no-such-page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await page.locator('nav[aria-label="Main"]').count()).toBe(1);
    await page.goto(`${base}/`);
    await page.waitForURL("**/dashboard");
    consoleWatch.assertClean();
    await context.close();
  });
});
