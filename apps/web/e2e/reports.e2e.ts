import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import {
  axeViolations,
  launchBrowser,
  newContext,
  screenshot,
  screenshotDir,
  signUpAndKeep,
  watchConsole,
} from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Reports (issue 14) in the browser, on the demo data: each kind opens with its figures, the
 * period and tenants in the URL change them, the PDF downloaded from the page says what the page
 * says (read with pdftotext), and the archive keeps it. axe on every page; screenshots at 1400
 * and 800 px and the PDF pages as PNG (pdftoppm) under test-results/screenshots.
 */
let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
let tenantA: string;
let tenantB: string;
const downloads = mkdtempSync(path.join(tmpdir(), "wf-reports-e2e-"));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base, async (page) => {
    const { tenant } = await sessionFacts(page, base);
    tenantA = tenant("Tenant A");
    tenantB = tenant("Tenant B");
    // The first read after start refreshes the overview rollups of the whole demo backfill (up to a
    // minute on a busy machine): pay for it here, not in the first test.
    const warm = await page.request.get(`${base}/api/v1/reports/executive?period=last90&tz=UTC`, { timeout: 180_000 });
    expect(warm.ok()).toBe(true);
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(pathAndQuery: string, width = 1400) {
  const context = await newContext(browser, { storageState: state, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const consoleWatch = watchConsole(page);
  await page.goto(`${base}${pathAndQuery}`);
  await reportReady(page);
  return { context, page, consoleWatch };
}

/** The report is on screen and not refreshing. */
async function reportReady(page: Page) {
  await page.getByTestId("report-meta").waitFor();
  await page.waitForFunction(() => document.querySelector("[aria-busy=true]") === null);
}

const normal = (text: string) => text.replace(/\s+/g, " ").trim();
const text = async (page: Page, testId: string) => normal((await page.getByTestId(testId).textContent()) ?? "");
const summaryLines = async (page: Page) => (await page.getByTestId("report-summary").locator("li").allTextContents()).map(normal);

/** Clicks a download link; returns the saved file and what pdftotext reads in it. */
async function downloadPdf(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-pdf").click()]);
  expect(download.suggestedFilename()).toMatch(/^watchfloor-.+\.pdf$/);
  const file = path.join(downloads, name);
  await download.saveAs(file);
  const pdfText = normal(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }));
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);
  // Every page as a picture, to look at.
  mkdirSync(screenshotDir, { recursive: true });
  execFileSync("pdftoppm", ["-r", "60", "-png", file, path.join(screenshotDir, `report-pdf-${name.replace(/\.pdf$/, "")}`)]);
  return { file, text: pdfText, pages };
}

async function checkAxe(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations)}`).toEqual([]);
}

describe("reports", () => {
  it("opens the overview with the four kinds, an empty archive and no schedule", async () => {
    const context = await newContext(browser, { storageState: state, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    await page.goto(`${base}/reports`);
    await page.getByRole("heading", { name: "Reports", exact: true }).waitFor();
    expect(await page.getByTestId("report-kinds").locator("li").count()).toBe(4);
    expect(await text(page, "schedules-empty")).toContain("No report is scheduled");
    await page.getByTestId("archive-empty").waitFor();
    await checkAxe(page, "/reports");
    await screenshot(page, "reports-overview-1400");
    await page
      .getByTestId("report-kinds")
      .getByRole("link", { name: /Executive Reports/ })
      .click();
    await page.waitForURL("**/reports/executive");
    await reportReady(page);
    consoleWatch.assertClean();
    await context.close();
  });

  for (const kind of ["executive", "service", "incidents", "threat"] as const) {
    it(`shows the ${kind} report with the API's figures, without axe violations, at 1400 and 800 px`, async () => {
      for (const width of [1400, 800]) {
        const { context, page, consoleWatch } = await open(`/reports/${kind}?period=last30&tz=UTC`, width);
        const query = await page.getByTestId("report").getAttribute("data-query");
        expect(query).toBe("period=last30&tz=UTC");
        const api = (await (await page.request.get(`${base}/api/v1/reports/${kind}?${query}`)).json()) as {
          summary: string[];
          meta: { subject: string };
        };
        expect(await summaryLines(page)).toEqual(api.summary.map(normal));
        expect(await text(page, "report-subject")).toBe(api.meta.subject);
        await checkAxe(page, `${kind} @${width}`);
        await page.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
        await screenshot(page, `reports-${kind}-${width}`);
        consoleWatch.assertClean();
        await context.close();
      }
    });
  }

  it("changes its figures with the period and the tenants, keeping them in the URL", async () => {
    const { context, page, consoleWatch } = await open("/reports/executive?period=last90&tz=UTC");
    const all90 = await text(page, "figure-alerts");
    expect(await text(page, "report-tenants")).toMatch(/^All tenants \(5\)$/);

    await page.getByLabel("Period").selectOption("last7");
    await page.waitForURL((u) => u.searchParams.get("period") === "last7");
    await page.waitForFunction((before) => document.querySelector("[data-testid=figure-alerts]")?.textContent !== before, all90);
    await reportReady(page);
    const all7 = await text(page, "figure-alerts");
    expect(Number(all7.replace(/,/g, ""))).toBeLessThan(Number(all90.replace(/,/g, "")));

    // Only Tenant A: untick the other four.
    await page.getByRole("button", { name: /Tenants/ }).click();
    for (const name of ["Tenant B", "Tenant C", "Tenant D", "Tenant E"]) await page.getByRole("checkbox", { name }).click();
    await page.keyboard.press("Escape");
    await page.waitForURL((u) => u.searchParams.get("tenants") === tenantA);
    await reportReady(page);
    await page.waitForFunction(() => document.querySelector("[data-testid=report-subject]")?.textContent === "Tenant A");
    const onlyA = await text(page, "figure-alerts");
    const api = (await (
      await page.request.get(`${base}/api/v1/reports/executive?tenants=${tenantA}&period=last7&tz=UTC`)
    ).json()) as {
      alerts: { total: { current: number } };
    };
    expect(Number(onlyA.replace(/,/g, ""))).toBe(api.alerts.total.current);
    expect(onlyA).not.toBe(all7);

    // A calendar month in another time zone; reload and Back keep the same report.
    await page.getByLabel("Period").selectOption("month");
    await page.waitForURL(
      (u) => u.searchParams.get("period") === "month" && /^\d{4}-\d{2}$/.test(u.searchParams.get("month") ?? ""),
    );
    await page.getByLabel("Time zone").selectOption("Europe/Berlin");
    await page.waitForURL((u) => u.searchParams.get("tz") === "Europe/Berlin");
    await reportReady(page);
    await page.waitForFunction(() =>
      /Compared with/.test(document.querySelector("[data-testid=report-meta]")?.textContent ?? ""),
    );
    const month = await text(page, "report-period");
    expect(month).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    await page.reload();
    await reportReady(page);
    expect(await text(page, "report-period")).toBe(month);
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get("tz") === null || u.searchParams.get("tz") === "UTC");
    consoleWatch.assertClean();
    await context.close();
  });

  it("downloads the executive PDF: two pages saying what the page says, kept in the archive", async () => {
    const { context, page, consoleWatch } = await open(`/reports/executive?tenants=${tenantA}&period=last30&tz=UTC`);
    const lines = await summaryLines(page);
    const figures = await page.getByTestId("report-figures").locator("[data-testid^=figure-]").allTextContents();
    const pdf = await downloadPdf(page, "executive.pdf");
    expect(pdf.pages).toBe(2);
    for (const line of lines) expect(pdf.text).toContain(line);
    for (const value of figures) expect(pdf.text).toContain(normal(value));
    expect(pdf.text).toContain("Executive report: Tenant A");
    expect(pdf.text).toContain(await text(page, "report-period"));
    expect(pdf.text).toContain(await text(page, "compliance-note"));
    expect(pdf.text).not.toContain("Tenant B");
    // The archive lists it (the page reads the archive again after a download).
    await page.getByTestId("archive-row").first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("archive-row").first().textContent()).toContain("Tenant A");
    consoleWatch.assertClean();
    await context.close();
  });

  it("downloads the service PDF with its cover, breaches and analysts, and a table as CSV", async () => {
    const { context, page, consoleWatch } = await open(`/reports/service?tenants=${tenantB}&period=last30&tz=UTC`);
    const lines = await summaryLines(page);
    const pdf = await downloadPdf(page, "service.pdf");
    expect(pdf.pages).toBeGreaterThan(2);
    for (const line of lines) expect(pdf.text).toContain(line);
    expect(pdf.text).toContain("Prepared for Tenant B");
    expect(pdf.text).toContain("Contents");
    const firstRule = normal((await page.getByTestId("top-rules").locator("tbody tr td").first().textContent()) ?? "");
    expect(pdf.text).toContain(firstRule);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "CSV of SLA met and missed, by priority" }).click(),
    ]);
    const csvFile = path.join(downloads, csv.suggestedFilename());
    await csv.saveAs(csvFile);
    expect(execFileSync("head", ["-1", csvFile], { encoding: "utf8" })).toMatch(/^Priority,Alerts,Ack met,Ack missed/);
    consoleWatch.assertClean();
    await context.close();
  });

  it("downloads the incidents report's PDF listing the page's incidents, and opens one as a document", async () => {
    const { context, page, consoleWatch } = await open("/reports/incidents?period=last90&tz=UTC");
    const lines = await summaryLines(page);
    const references = (await page.getByTestId("incident-rows").locator("tbody tr td:first-child").allTextContents()).map(normal);
    expect(references.length).toBeGreaterThan(0);
    const summary = await downloadPdf(page, "incidents.pdf");
    for (const line of lines) expect(summary.text).toContain(line);
    // The streamed list (incidents-pdf.ts) names every incident the page lists, in the same order.
    const at = references.map((reference) => summary.text.indexOf(reference));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(summary.text).toContain(`Page ${summary.pages} of ${summary.pages}`);
    const first = page.getByTestId("incident-rows").locator("tbody tr").first();
    const reference = normal((await first.locator("a").textContent()) ?? "");
    await first.locator("a").click();
    await page.waitForURL("**/reports/incidents/*");
    await page.getByTestId("incident-document").waitFor();
    await page.getByRole("heading", { name: `Incident report: ${reference}` }).waitFor();
    await checkAxe(page, "incident document");
    await screenshot(page, "reports-incident-document-1400");
    const pdf = await downloadPdf(page, "incident.pdf");
    expect(pdf.text).toContain(`Incident ${reference}`);
    const timeline = await page.getByTestId("timeline").locator("tbody tr td:nth-child(3)").allTextContents();
    for (const entry of timeline.slice(0, 5)) expect(pdf.text).toContain(normal(entry));
    consoleWatch.assertClean();
    await context.close();
  });

  it("downloads the threat PDF with the Navigator layer attached, and the layer itself", async () => {
    const { context, page, consoleWatch } = await open("/reports/threat?period=last30&tz=UTC");
    const lines = await summaryLines(page);
    const pdf = await downloadPdf(page, "threat.pdf");
    for (const line of lines) expect(pdf.text).toContain(line);
    expect(execFileSync("pdfdetach", ["-list", pdf.file], { encoding: "utf8" })).toMatch(/watchfloor-attack-.+\.json/);
    const [layer] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-layer").click()]);
    expect(layer.suggestedFilename()).toMatch(/^watchfloor-attack-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.json$/);
    consoleWatch.assertClean();
    await context.close();
    expect(readdirSync(screenshotDir).filter((f) => f.startsWith("report-pdf-")).length).toBeGreaterThan(4);
  });

  it("lists the generated PDFs in the archive, downloads one and deletes one (800 px)", async () => {
    const context = await newContext(browser, { storageState: state, viewport: { width: 800, height: 900 } });
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    await page.goto(`${base}/reports`);
    const rows = page.getByTestId("archive-row");
    await rows.first().waitFor();
    const before = await rows.count();
    expect(before).toBeGreaterThanOrEqual(4);
    await checkAxe(page, "/reports with an archive @800");
    await screenshot(page, "reports-overview-archive-800");
    const [file] = await Promise.all([page.waitForEvent("download"), rows.first().getByRole("link", { name: /^PDF/ }).click()]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const name = (await rows.first().getAttribute("data-report-id")) ?? "";
    await rows
      .first()
      .getByRole("button", { name: /^Delete / })
      .click();
    await page.getByRole("button", { name: "Delete report" }).click();
    await page.waitForFunction((id) => !document.querySelector(`[data-report-id="${id}"]`), name);
    expect(await rows.count()).toBe(before - 1);
    consoleWatch.assertClean();
    await context.close();
  });
});
