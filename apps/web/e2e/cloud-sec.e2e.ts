import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, openAs, screenshotDir, signUpAndKeep } from "./support/browser";
import { repoRoot, type RunningServer, startServer } from "./support/server";

/**
 * Cloud Sec over the shared sample files, imported through the API into Tenant A (A and B have
 * the module, C to E do not): ScoutSuite's account 430150006394 (30 failing rules, named by no
 * resource), Prowler OCSF's three IAM roles and Prowler CSV's account. The figures are the API
 * test's (apps/server/src/features/cloud-sec/cloud-sec.api.test.ts), read from the files.
 */
const data = path.resolve(repoRoot, "../shared/data/compliance");
const files = [
  "scoutsuite/scoutsuite_aws_results.js",
  "prowler/prowler_aws_many_vuln.ocsf.json",
  "prowler/prowler_example_output_aws.csv",
];

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
let tenantA: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base, async (page) => {
    tenantA = (await sessionFacts(page, base)).tenant("Tenant A");
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (pathAndQuery = "/cloud-sec", width = 1280) => openAs(browser, state, `${base}${pathAndQuery}`, width);

async function importAll(page: Page) {
  const { csrf } = await sessionFacts(page, base);
  for (const file of files) {
    const response = await page.request.post(`${base}/api/v1/imports/compliance?tenantId=${tenantA}`, {
      data: readFileSync(path.join(data, file)),
      headers: { "content-type": "application/octet-stream", "x-csrf-token": csrf },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Waits for the resource list to show `n` rows after a filter change (the old page stays until then). */
async function expectRows(page: Page, n: number) {
  await page.getByTestId("cloud-sec-status").waitFor();
  await page.waitForFunction(
    () => !document.querySelector("[data-testid=cloud-sec-status]")?.textContent?.includes("refreshing"),
  );
  await expect.poll(() => page.getByTestId("cloud-sec-resource").count(), { timeout: 10_000 }).toBe(n);
}

/** The whole page: main scrolls inside the shell, so the window grows to its height for the picture. */
async function shoot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.waitForTimeout(600);
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  const height = await page.evaluate(() => {
    const main = document.querySelector("main");
    return Math.max(window.innerHeight, (main?.scrollHeight ?? 0) + (main?.getBoundingClientRect().top ?? 0));
  });
  await page.setViewportSize({ width: size.width, height: Math.ceil(height) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
  await page.setViewportSize(size);
}

describe("cloud sec", () => {
  it("says no cloud scan is imported yet, links to the import, and offers the module to the others", async () => {
    const { context, page, consoleWatch } = await open();
    await page.getByRole("heading", { level: 1, name: "Cloud Sec" }).waitFor();
    await page.getByText("No cloud scans imported yet").waitFor();
    expect(await page.getByRole("link", { name: "Import cloud scan results" }).getAttribute("href")).toBe("/compliance/import");
    await page.getByRole("heading", { name: "Not enabled for 3 of your tenants" }).waitFor();
    expect(await page.getByRole("link", { name: "Cloud Posture" }).first().getAttribute("href")).toBe(
      "/dashboard/risk/cloud-posture",
    );
    expect(await axeViolations(page)).toEqual([]);
    consoleWatch.assertClean();
    await context.close();
  });

  it("shows the imported accounts, services and gaps, filters from the URL, and opens a resource's checks", async () => {
    const { context, page, consoleWatch } = await open();
    await importAll(page);
    await page.reload();
    await page.getByTestId("cloud-sec-figures").waitFor();
    expect(await page.getByTestId("cloud-sec-figure-accounts").textContent()).toBe("3");
    expect(await page.getByTestId("cloud-sec-figure-resources").textContent()).toBe("6");
    expect(await page.getByTestId("cloud-sec-figure-failing").textContent()).toBe("35");
    expect(await page.getByTestId("cloud-sec-figure-severe").textContent()).toBe("15");
    const accounts = page.getByTestId("cloud-sec-accounts-list").locator("li");
    expect(await accounts.count()).toBe(3);
    expect(await accounts.first().textContent()).toContain("Amazon Web Services (430150006394)");
    expect(await accounts.first().textContent()).toContain("30 failing");
    const bars = page.getByTestId("service-bar");
    expect(await bars.first().getAttribute("data-service")).toBe("iam");
    expect(await bars.first().textContent()).toContain("15 failing");
    for (const [category, n] of [
      ["public", "1"],
      ["identity", "5"],
      ["logging", "1"],
    ])
      expect(await page.getByTestId(`category-${category}-resources`).textContent()).toBe(n);
    await expectRows(page, 6);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "cloud-sec-1280");
    // The theme follows the system through a media listener: axe must see the dark class applied.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    // The public card lists the one resource with a public gap: ScoutSuite's account-wide checks.
    await page.getByTestId("category-public").click();
    await page.waitForURL((u) => u.searchParams.get("category") === "public");
    await expectRows(page, 1);
    await page.getByRole("button", { name: "Checks of Account-wide checks" }).click();
    const checks = page.getByTestId("cloud-sec-checks");
    await checks.waitFor();
    expect(await checks.locator("[data-result=failing]").count()).toBe(2);
    await checks.getByText("Network ACLs Allow All ingress Traffic (default)").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "cloud-sec-1280-public-checks");

    // Search, then service and "failing only" from the filter panel; chips take them off again.
    await page.goto(`${base}/cloud-sec`);
    await page.getByLabel("Search cloud resources").fill("auditrole");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("q") === "auditrole");
    await expectRows(page, 1);
    await page.getByRole("button", { name: "Remove filter Text “auditrole”" }).click();
    await expectRows(page, 6);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByLabel("Service", { exact: true }).selectOption("iam");
    await page.getByLabel("Only resources with failing checks").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((u) => u.searchParams.get("service") === "iam" && u.searchParams.get("failing") === "true");
    await expectRows(page, 4);
    consoleWatch.assertClean();
    await context.close();
  });

  it("works from the keyboard and fits 390 pixels without scrolling sideways", async () => {
    const { context, page, consoleWatch } = await open("/cloud-sec?category=identity", 390);
    await expectRows(page, 5);
    const toggle = page.getByRole("button", { name: /^Checks of arn:aws:iam::123456789012:role\/AuditRole$/ });
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page
      .getByTestId("cloud-sec-checks")
      .getByText("iam_role_cross_account_readonlyaccess_policy", { exact: false })
      .waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "cloud-sec-390");
    consoleWatch.assertClean();
    await context.close();
  });

  it("shows loading, then the server's error with a retry", async () => {
    const { context, page } = await open("/dashboard");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/cloud-sec/summary", async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "internal", message: "The cloud view is down.", requestId: "x" }),
      });
    });
    await page.goto(`${base}/cloud-sec`);
    await page.getByText("Loading cloud security…").waitFor();
    release();
    await page.getByText("Could not load cloud security").waitFor({ timeout: 15_000 });
    await page.getByText("The cloud view is down.").waitFor();
    await page.getByRole("button", { name: "Retry" }).waitFor();
    await context.close();
  });
});
