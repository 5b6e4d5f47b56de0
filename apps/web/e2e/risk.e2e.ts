import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, newContext, signUpAndKeep, watchConsole, widths } from "./support/browser";
import { repoRoot, type RunningServer, startServer, webDir } from "./support/server";

const riskPath = "/dashboard/risk/executive";
const cloudPath = "/dashboard/risk/cloud-posture";
const data = path.resolve(repoRoot, "..", "shared", "data");
const shots = path.join(repoRoot, ".tmp", "screenshots");

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
let tenantA: string;
let emptyTenant: string;
let webCopy: string;

/**
 * A private copy of the built app, taken when the build is whole (every file its manifest names
 * is there): other work in the same checkout may rebuild apps/web/dist while this file runs.
 */
async function copyOfWebBuild(): Promise<string> {
  const source = path.join(webDir, "dist");
  for (let attempt = 0; attempt < 30; attempt++) {
    const copy = mkdtempSync(path.join(tmpdir(), "wf-risk-web-"));
    try {
      cpSync(source, copy, { recursive: true });
      const manifest = JSON.parse(readFileSync(path.join(copy, ".vite", "manifest.json"), "utf8")) as Record<
        string,
        { file: string; css?: string[] }
      >;
      const files = Object.values(manifest).flatMap((m) => [m.file, ...(m.css ?? [])]);
      if (existsSync(path.join(copy, "index.html")) && files.every((f) => existsSync(path.join(copy, f)))) return copy;
    } catch {
      // Caught mid-build: try again in a moment.
    }
    rmSync(copy, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error("apps/web/dist never looked complete; run npm run build -w @watchfloor/web");
}

type Summary = {
  score: { score: number; factors: { stage: string; points: number }[] };
  totals: { kevFindings: number; openFindings: number };
};

async function upload(page: Page, url: string, file: string) {
  const { csrf } = await sessionFacts(page, base);
  const response = await page.request.post(`${base}${url}`, {
    data: readFileSync(file),
    headers: { "x-csrf-token": csrf, "content-type": "application/octet-stream" },
  });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  webCopy = await copyOfWebBuild();
  [server, browser] = await Promise.all([startServer({ WATCHFLOOR_WEB_DIST: webCopy }), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base, async (page) => {
    const { csrf, tenant } = await sessionFacts(page, base);
    tenantA = tenant("Tenant A");
    // A real scanner report for Tenant A on top of the demo findings (KEV not loaded yet).
    const scan = await upload(
      page,
      `/api/v1/imports/findings?tenantId=${tenantA}&filename=nessus_with_cvssv3.nessus`,
      path.join(data, "vulnscans/nessus/nessus_with_cvssv3.nessus"),
    );
    expect(scan.created).toBeGreaterThan(0);
    expect(seedHistory(6)).toBeGreaterThanOrEqual(5);
    const created = await page.request.post(`${base}/api/v1/tenants`, {
      data: { name: "Empty Co", slug: "empty-co" },
      headers: { "x-csrf-token": csrf },
    });
    expect(created.ok()).toBe(true);
    emptyTenant = (await created.json()).id;
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

async function open(
  pathAndQuery: string,
  options: { width?: number; tenantId?: string | null; colorScheme?: "light" | "dark" } = {},
) {
  const context = await newContext(browser, { storageState: state, viewport: { width: options.width ?? 1400, height: 900 } });
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: options.colorScheme ?? "light" });
  const tenantId = options.tenantId === undefined ? tenantA : options.tenantId;
  // The header's tenant picker keeps its choice in localStorage (lib/tenant-scope.ts).
  await page.addInitScript((id) => localStorage.setItem("watchfloor.tenant", JSON.stringify({ tenantId: id })), tenantId);
  const consoleWatch = watchConsole(page);
  await page.goto(`${base}${pathAndQuery}`);
  return { context, page, consoleWatch };
}

async function riskReady(page: Page) {
  await page.getByTestId("risk-score-value").waitFor();
  await page.getByTestId("trend-caption").waitFor();
  await page.waitForFunction(() => document.querySelector("[aria-busy=true]") === null);
}

const scoreOnPage = async (page: Page) => Number(await page.getByTestId("risk-score-value").textContent());
const countOnPage = async (page: Page, id: string) => Number((await page.getByTestId(id).textContent())?.replace(/[^\d]/g, ""));

/** The app scrolls inside <main>: the window grows to the content so the picture shows the whole page. */
async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  const viewport = page.viewportSize() ?? { width: 1400, height: 900 };
  const height = await page.evaluate(() => {
    const main = document.querySelector("main");
    main?.scrollTo(0, 0);
    return main ? Math.ceil(main.scrollHeight + main.getBoundingClientRect().top) : 900;
  });
  await page.setViewportSize({ width: viewport.width, height: Math.min(Math.max(height, 900), 7000) });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
  await page.setViewportSize(viewport);
}

/** Neither the page nor its main area scrolls sideways (wide tables scroll inside their card). */
async function noHorizontalScroll(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    return document.documentElement.scrollWidth <= window.innerWidth + 1 && (!main || main.scrollWidth <= main.clientWidth + 1);
  });
}

/**
 * Earlier days' snapshots, as the daily job would have written them with the data as it stands
 * now (before the KEV load): the server only snapshots the day it runs, and a test cannot wait days.
 */
function seedHistory(days: number) {
  const db = new Database(path.join(server.dataDir, "watchfloor.db"));
  db.pragma("busy_timeout = 5000");
  const dayMs = 86_400_000;
  const today = Math.floor(Date.now() / dayMs) * dayMs;
  const rows = db.prepare("select * from risk_snapshots where day = ?").all(today) as Record<string, unknown>[];
  const insert = db.prepare(
    "insert into risk_snapshots (tenant_id, day, taken_at, score, open_findings, critical_findings, kev_findings, overdue_findings, detail) values (@tenant_id, @day, @taken_at, @score, @open_findings, @critical_findings, @kev_findings, @overdue_findings, @detail)",
  );
  for (const row of rows)
    for (let d = 1; d <= days; d++) insert.run({ ...row, day: today - d * dayMs, taken_at: today - d * dayMs + 3_600_000 });
  db.close();
  return rows.length;
}

describe("Executive Risk View", () => {
  it("shows the score with its factors, and a KEV catalog import raises it", async () => {
    const { context, page, consoleWatch } = await open(riskPath);
    await riskReady(page);
    const before = await scoreOnPage(page);
    const kevBefore = await countOnPage(page, "kev-findings");
    expect(before).toBeGreaterThan(0);
    expect(kevBefore).toBe(0);
    expect(await page.getByTestId("factor-kev-points").textContent()).toBe("0");
    expect(await page.getByTestId("top-risk").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("top-asset").count()).toBeGreaterThan(0);
    // Six earlier days and today's live point.
    expect(await page.getByTestId("trend-caption").textContent()).toMatch(/^6 daily snapshots since/);

    // The platform admin loads the CISA KEV catalog through the API, as the admin upload does.
    const report = await upload(
      page,
      "/api/v1/intel/kev?filename=known_exploited_vulnerabilities.json",
      path.join(data, "vulnintel/known_exploited_vulnerabilities.json"),
    );
    expect(report.findingsUpdated).toBeGreaterThan(0);
    await page.reload();
    await riskReady(page);
    const after = await scoreOnPage(page);
    const kevAfter = await countOnPage(page, "kev-findings");
    expect(kevAfter).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(before);
    expect(Number((await page.getByTestId("factor-kev-points").textContent())?.replace("+", ""))).toBeGreaterThan(0);
    await page.getByTestId("top-risk").first().getByText("KEV", { exact: true }).waitFor();

    // The page shows what the API computes for the same tenant.
    const api = (await (
      await page.request.get(`${base}/api/v1/risk/summary`, { headers: { "x-tenant-id": tenantA } })
    ).json()) as Summary;
    expect(after).toBe(Math.round(api.score.score * 10) / 10);
    expect(kevAfter).toBe(api.totals.kevFindings);
    // The score rose against the snapshots taken before the load.
    expect(await page.getByTestId("score-change").textContent()).toMatch(/^\+\d/);
    await shoot(page, "risk-executive-1400");
    expect(await axeViolations(page)).toEqual([]);
    consoleWatch.assertClean();
    await context.close();
  });

  it("links the counts to the vulnerabilities list with the same filters", async () => {
    const { context, page, consoleWatch } = await open(riskPath);
    await riskReady(page);
    await page.getByTestId("priority-row-Critical").getByRole("link").first().click();
    await page.waitForURL(
      (u) =>
        u.pathname === "/dashboard/risk/vulnerabilities" &&
        u.searchParams.get("priority") === "Critical" &&
        u.searchParams.get("view") === "open",
    );
    await page.goBack();
    await riskReady(page);
    await page.getByTestId("top-asset").first().getByRole("link").first().click();
    await page.waitForURL((u) => u.pathname.startsWith("/dashboard/risk/vulnerabilities/assets/"));
    consoleWatch.assertClean();
    await context.close();
  });

  it("compares tenants when none is picked, and is usable with the keyboard", async () => {
    const { context, page, consoleWatch } = await open(riskPath, { tenantId: null });
    await riskReady(page);
    expect(await page.getByTestId("tenant-risk-row").count()).toBe(6);
    await shoot(page, "risk-executive-all-tenants-1400");
    // The trend window is a set of buttons in the URL: reach one with Tab and press it.
    const thirty = page.getByRole("button", { name: "30 days", exact: true });
    for (let i = 0; i < 60 && !(await thirty.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    expect(await thirty.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("days") === "30");
    await page.waitForSelector("button[aria-pressed=true] >> text=30 days");
    await riskReady(page);
    // The method is open beside the figures and folds away from the keyboard.
    const method = page.getByTestId("score-method");
    expect(await method.getByText(/never outweigh one critical/).isVisible()).toBe(true);
    await page.getByText("How the score is calculated").focus();
    await page.keyboard.press("Enter");
    await method.waitFor({ state: "hidden" });
    expect(await axeViolations(page)).toEqual([]);
    consoleWatch.assertClean();
    await context.close();
  });

  it("fits 375, 800, 1100 and 1400 pixel screens", async () => {
    for (const width of widths) {
      const { context, page, consoleWatch } = await open(riskPath, { width });
      await riskReady(page);
      expect(await noHorizontalScroll(page), `horizontal scroll at ${width}`).toBe(true);
      expect(await page.getByTestId("risk-score-value").isVisible()).toBe(true);
      if (width === 800 || width === 375) await shoot(page, `risk-executive-${width}`);
      consoleWatch.assertClean();
      await context.close();
    }
    const dark = await open(riskPath, { colorScheme: "dark" });
    await riskReady(dark.page);
    expect(await axeViolations(dark.page)).toEqual([]);
    await dark.context.close();
  });

  it("says how to start when the tenant has no findings, and shows errors with a retry", async () => {
    const empty = await open(riskPath, { tenantId: emptyTenant });
    await empty.page.getByText("No findings yet: import a scan").waitFor();
    expect(await empty.page.getByRole("link", { name: "Import a scan" }).getAttribute("href")).toBe(
      "/dashboard/risk/vulnerabilities/import",
    );
    expect(await axeViolations(empty.page)).toEqual([]);
    empty.consoleWatch.assertClean();
    await empty.context.close();

    const failing = await open("/dashboard", { tenantId: tenantA });
    await failing.page.route("**/api/v1/risk/summary**", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "INTERNAL", message: "The risk service is down." }),
      }),
    );
    await failing.page.goto(`${base}${riskPath}`);
    await failing.page.getByText("Could not load the risk view").waitFor();
    await failing.page.getByText("The risk service is down.").waitFor();
    await failing.page.unroute("**/api/v1/risk/summary**");
    await failing.page.getByRole("button", { name: "Retry" }).click();
    await riskReady(failing.page);
    await failing.context.close();
  });
});

describe("Cloud Posture", () => {
  it("says what will feed it and lists the cloud assets already known", async () => {
    for (const width of [1400, 800, 375]) {
      const { context, page, consoleWatch } = await open(cloudPath, { tenantId: null, width });
      await page.getByRole("heading", { name: "Cloud configuration checks" }).waitFor();
      await page.getByTestId("cloud-assets").waitFor();
      const assets = await countOnPage(page, "cloud-assets");
      expect(assets).toBeGreaterThan(0);
      expect(await page.getByTestId("cloud-asset-row").count()).toBe(Math.min(assets, 50));

      expect(await noHorizontalScroll(page), `horizontal scroll at ${width}`).toBe(true);
      if (width !== 375) {
        await shoot(page, `cloud-posture-${width}`);
        expect(await axeViolations(page)).toEqual([]);
      }
      if (width === 1400 && assets > 50) {
        await page.getByRole("button", { name: /^Show \d+ more$/ }).click();
        expect(await page.getByTestId("cloud-asset-row").count()).toBe(Math.min(assets, 100));
      }
      consoleWatch.assertClean();
      await context.close();
    }
  });
});
