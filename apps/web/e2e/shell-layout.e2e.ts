import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, password, screenshot, signUpFirstUser, watchConsole } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 21: the shell against spec sections 4 and 9 (content area is the only scroller, the
 * notification popover's size, the initial open state at 1024 and the 780 resize rule).
 */
let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  const context = await newContext(browser);
  const page = await context.newPage();
  const owner = await signUpFirstUser(page, base);
  state = await context.storageState();
  await context.close();
  // Notifications with long text for the popover: sign-ins from two browsers not seen before.
  for (const agent of ["Mozilla/5.0 (Macintosh; Mac OS X 14) Firefox/130.0", "Mozilla/5.0 (Windows NT 10.0) Edg/140.0"]) {
    const other = await newContext(browser, { userAgent: agent });
    const response = await other.request.get(`${base}/api/v1/auth/session`);
    const { csrfToken } = await response.json();
    await other.request.post(`${base}/api/v1/auth/sign-in`, {
      data: { email: owner.email, password },
      headers: { "x-csrf-token": csrfToken },
    });
    await other.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(width: number, path: string, height = 860) {
  const context = await newContext(browser, { viewport: { width, height }, storageState: state });
  const page = await context.newPage();
  const consoleWatch = watchConsole(page);
  await page.goto(`${base}${path}`);
  await page.locator("main h1").first().waitFor();
  return { context, page, consoleWatch };
}

const sidebarWidth = (page: Page) =>
  page.evaluate(() => Math.round(document.querySelector("[data-testid=docked-sidebar]")?.getBoundingClientRect().width ?? -1));

describe("only the content area scrolls", () => {
  for (const width of [1400, 375]) {
    for (const path of ["/dashboard", "/dashboard/incidents/open", "/dashboard/risk/executive"]) {
      it(`keeps header and sidebar still on ${path} at ${width}px`, { timeout: 150_000 }, async () => {
        const { context, page, consoleWatch } = await open(width, path);
        // Let lazy charts and lists render before measuring.
        // The first page of a fresh server also waits for the demo data's rollups: give it time.
        await page.waitForLoadState("networkidle", { timeout: 90_000 });
        const doc = await page.evaluate(() => ({
          height: document.documentElement.scrollHeight,
          body: document.body.scrollHeight,
          viewport: window.innerHeight,
        }));
        expect(doc.height).toBeLessThanOrEqual(doc.viewport);
        expect(doc.body).toBeLessThanOrEqual(doc.viewport);
        // Keyboard scrolling moves the content area, never the page.
        await page.locator("main").focus();
        await page.keyboard.press("End");
        await page.keyboard.press("PageDown");
        const after = await page.evaluate(() => ({
          // More than rounding: a page a pixel taller than the area has nothing to scroll to.
          mainScrollable:
            (document.querySelector("main")?.scrollHeight ?? 0) - (document.querySelector("main")?.clientHeight ?? 0) > 4,
        }));
        // Keyboard scrolling is animated: wait for the content area to move.
        if (after.mainScrollable)
          await page.waitForFunction(() => (document.querySelector("main")?.scrollTop ?? 0) > 0, undefined, { timeout: 5000 });
        const settled = await page.evaluate(() => ({
          pageY: window.scrollY,
          headerTop: document.querySelector("header")?.getBoundingClientRect().top,
        }));
        expect(settled.pageY).toBe(0);
        expect(settled.headerTop).toBe(0);
        consoleWatch.assertClean();
        await context.close();
      });
    }
  }
});

describe("notifications popover", () => {
  it("stays within 280 by 230 px, footer included, with long messages wrapped", async () => {
    const { context, page, consoleWatch } = await open(1400, "/dashboard");
    await page.getByTestId("notifications-trigger").click();
    const popover = page.getByTestId("notifications-popover");
    await popover.waitFor();
    // Any notification will do (the sign-in notice, or SLA notices the background jobs sent since).
    await popover.getByTestId("notification-item").first().waitFor();
    const box = await popover.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(280);
    expect(box?.width).toBeLessThanOrEqual(230);
    // Nothing inside sticks out sideways (long words wrap).
    const overflow = await popover.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "notifications-popover-1400");
    consoleWatch.assertClean();
    await context.close();
  });
});

describe("sidebar open state", () => {
  for (const [width, expected] of [
    [781, 76],
    [1023, 76],
    [1024, 270],
  ] as const) {
    it(`starts ${expected === 270 ? "open" : "collapsed"} on a fresh load at ${width}px`, async () => {
      const { context, page } = await open(width, "/dashboard");
      expect(await sidebarWidth(page)).toBe(expected);
      await context.close();
    });
  }

  it("expands when the window grows past 780 and collapses when it shrinks below", async () => {
    const { context, page } = await open(1000, "/dashboard");
    expect(await sidebarWidth(page)).toBe(76);
    await page.setViewportSize({ width: 770, height: 860 });
    // Each size must land before the next, or the browser reports only the last resize.
    await page.waitForFunction(() => window.innerWidth === 770);
    expect(await sidebarWidth(page)).toBe(76);
    await page.setViewportSize({ width: 900, height: 860 });
    await page.waitForFunction(
      () => Math.round(document.querySelector("[data-testid=docked-sidebar]")?.getBoundingClientRect().width ?? 0) === 270,
    );
    await page.setViewportSize({ width: 779, height: 860 });
    await page.waitForFunction(
      () => Math.round(document.querySelector("[data-testid=docked-sidebar]")?.getBoundingClientRect().width ?? 0) === 76,
    );
    await context.close();
  });
});
