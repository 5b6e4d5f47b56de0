import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestAlert, sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, openAs, screenshot, signUpAndKeep } from "./support/browser";
import { repoRoot, type RunningServer, startServer } from "./support/server";

const attackPath = "/dashboard/risk/attack";
const heatmapLayer = path.resolve(repoRoot, "../shared/data/navigator/heatmap_layer.json");
const attackBundle = path.resolve(repoRoot, "../shared/data/attack/enterprise-attack.json");
const tmp = mkdtempSync(path.join(tmpdir(), "wf-attack-"));

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (pathAndQuery = attackPath, width = 1400) => openAs(browser, state, `${base}${pathAndQuery}`, width);

/** The matrix has loaded (columns drawn) and is not refetching. */
async function matrixSettled(page: Page) {
  await page.getByTestId("tactic-column").first().waitFor();
  await page.waitForFunction(
    () => !(document.querySelector("[data-testid=matrix-status]")?.textContent ?? "").includes("refreshing"),
  );
}

const card = (page: Page, tactic: string, technique: string) =>
  page.locator(
    `[data-testid=tactic-column][data-tactic="${tactic}"] [data-testid=technique-card][data-technique="${technique}"]`,
  );

/** Every overlaid card: [technique, alerts on the card, layer score]. */
async function overlaidScores(page: Page) {
  return page
    .locator("[data-testid=technique-card]")
    .evaluateAll((cards) =>
      cards.map((c) => [
        c.getAttribute("data-technique"),
        c.getAttribute("data-alerts"),
        c.querySelector("[data-testid=layer-score]")?.getAttribute("data-score") ?? null,
      ]),
    );
}

async function shootAt(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForTimeout(600);
  await page.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
  await screenshot(page, name);
}

describe("ATT&CK matrix", () => {
  it("is under Risk in the menu, and highlights a technique once an alert with it is escalated (live)", async () => {
    const { context, page, consoleWatch } = await open("/dashboard");
    await page.getByRole("button", { name: "Risk" }).click();
    await page.getByRole("link", { name: "ATT&CK Coverage" }).click();
    await page.waitForURL(`**${attackPath}`);
    await page.getByRole("heading", { level: 1, name: "ATT&CK Coverage" }).waitFor();
    await matrixSettled(page);
    // Kill-chain order, 14 columns.
    const titles = await page.getByTestId("tactic-column").evaluateAll((cols) => cols.map((c) => c.getAttribute("data-tactic")));
    expect(titles).toHaveLength(14);
    expect(titles[0]).toBe("Reconnaissance");
    expect(titles[12]).toBe("Exfiltration");

    const { csrf, tenant } = await sessionFacts(page, base);
    const alertId = await ingestAlert(page, base, tenant("Tenant A"), {
      sourceId: "m1",
      name: "Large upload over DNS to an unknown resolver",
      mitreTechniques: ["T1048"],
      tactics: ["Exfiltration"],
    });
    const escalated = await page.request.post(`${base}/api/v1/incidents/escalate`, {
      data: { alertIds: [alertId] },
      headers: { "x-csrf-token": csrf },
    });
    expect(escalated.ok()).toBe(true);
    const incident = ((await escalated.json()) as { incident: { id: string; reference: string } }).incident;

    // No reload: the live-events stream invalidates the matrix query.
    const t1048 = card(page, "Exfiltration", "T1048");
    await t1048.getByRole("link", { name: incident.reference }).waitFor({ timeout: 15_000 });
    expect(await t1048.getAttribute("data-highlight")).toBe("true");
    expect(await t1048.getByText("D-0").count()).toBe(1);

    // The reference opens the incident; the technique opens the filtered alert list.
    await t1048.getByRole("link", { name: incident.reference }).click();
    await page.waitForURL(`**/dashboard/incidents/cases/${incident.id}`);
    await page.goBack();
    await matrixSettled(page);
    await card(page, "Exfiltration", "T1048")
      .getByRole("link", { name: /^T1048/ })
      .click();
    await page.waitForURL((u) => u.pathname === "/dashboard/incidents/all" && u.searchParams.get("technique") === "T1048");
    const url = new URL(page.url());
    expect(url.searchParams.get("from")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(url.searchParams.get("to")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    consoleWatch.assertClean();
    await context.close();
  });

  it("keeps the window and the view in the URL", async () => {
    const { context, page, consoleWatch } = await open();
    await matrixSettled(page);
    await page.getByRole("button", { name: "7 days" }).click();
    await page.waitForURL((u) => u.searchParams.get("days") === "7");
    await page.getByRole("button", { name: "Coverage", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("view") === "coverage");
    // No catalogue is imported yet: only techniques with alerts, and the page says what the full matrix needs.
    await page
      .getByTestId("coverage-catalogue-missing")
      .getByText("Showing only techniques with alerts in this window")
      .waitFor();
    expect(await page.getByTestId("coverage-catalogue-missing").textContent()).toContain("needs the ATT&CK catalogue");
    await page.reload();
    await page.getByTestId("coverage-cell").first().waitFor();
    // Read once the toolbar has settled: under load the cells can paint a frame before it.
    await expect.poll(() => page.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(() => page.getByRole("button", { name: "Coverage", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");

    // A custom window in the future has no alerts: the empty state says so.
    await page.getByRole("button", { name: "Custom", exact: true }).click();
    await page.getByLabel("From", { exact: true }).fill("2099-01-01");
    await page.getByLabel("To", { exact: true }).fill("2099-01-31");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((u) => u.searchParams.get("from") === "2099-01-01" && u.searchParams.get("to") === "2099-01-31");
    await page.getByText("No alerts with ATT&CK techniques in this window").waitFor();
    consoleWatch.assertClean();
    await context.close();
  });

  it("exports the Navigator layer and overlays the same scores when it is imported again", async () => {
    const { context, page, consoleWatch } = await open();
    await matrixSettled(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export Navigator layer" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^watchfloor-attack-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.json$/);
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    const layer = JSON.parse(readFileSync(file, "utf8")) as {
      versions: { layer: string };
      techniques: { techniqueID: string; score: number }[];
    };
    expect(layer.versions.layer).toBe("4.5");
    expect(layer.techniques.length).toBeGreaterThan(10);

    await page.getByLabel("Import layer…").setInputFiles(file);
    const summary = page.getByTestId("layer-summary");
    await summary.getByText("Watchfloor alerts by technique").waitFor();
    expect(await summary.getByTestId("layer-facts").textContent()).toContain(
      `Format 4.5 · enterprise-attack · ${layer.techniques.length} techniques (${layer.techniques.length} on the matrix`,
    );
    const scores = await overlaidScores(page);
    expect(scores.length).toBeGreaterThan(10);
    for (const [technique, alerts, score] of scores) {
      expect({ technique, score }).toEqual({ technique, score: alerts });
      expect(layer.techniques.find((t) => t.techniqueID === technique)?.score).toBe(Number(alerts));
    }
    expect(await axeViolations(page)).toEqual([]);

    // The overlay also sits on the coverage heat map, and can be cleared.
    await page.getByRole("button", { name: "Coverage", exact: true }).click();
    await page.getByTestId("coverage-cell").first().waitFor();
    const cell = page
      .locator("[data-testid=coverage-cell]")
      .filter({ has: page.getByTestId("layer-score") })
      .first();
    expect(await cell.getByTestId("layer-score").getAttribute("data-score")).toBe(await cell.getAttribute("data-alerts"));
    await shootAt(page, 1400, "attack-coverage-1400");
    await page.getByRole("button", { name: "Clear overlay" }).click();
    await summary.waitFor({ state: "detached" });
    expect(await page.getByTestId("layer-score").count()).toBe(0);
    consoleWatch.assertClean();
    await context.close();
  });

  it("imports the heat-map example layer (format 3.0) and explains a bad file", async () => {
    const { context, page, consoleWatch } = await open();
    await matrixSettled(page);
    const expected = new Set(
      (JSON.parse(readFileSync(heatmapLayer, "utf8")) as { techniques: { techniqueID: string }[] }).techniques.map(
        (t) => t.techniqueID,
      ),
    );
    await page.getByLabel("Import layer…").setInputFiles(heatmapLayer);
    const summary = page.getByTestId("layer-summary");
    await summary.getByTestId("layer-name").getByText("heatmap example", { exact: true }).waitFor();
    expect(await summary.getByTestId("layer-facts").textContent()).toContain(
      `Format 3.0 · enterprise-attack · ${expected.size} techniques`,
    );
    // Matching techniques carry the layer's score.
    const overlaid = (await overlaidScores(page)).filter(([, , score]) => score !== null);
    expect(overlaid.length).toBeGreaterThan(0);

    const bad = path.join(tmp, "bundle.json");
    writeFileSync(bad, JSON.stringify({ type: "bundle" }));
    await page.getByLabel("Import layer…").setInputFiles(bad);
    await page.getByTestId("layer-error").getByText('not an ATT&CK Navigator layer: no "techniques" list').waitFor();
    // The previous overlay stays until it is cleared.
    await summary.getByText("heatmap example").waitFor();
    consoleWatch.assertClean();
    await context.close();
  });

  it("passes axe and looks finished at every width", async () => {
    const { context, page, consoleWatch } = await open();
    await matrixSettled(page);
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [1400, 1100, 800, 375]) await shootAt(page, width, `attack-${width}`);
    // Keyboard: the matrix region takes focus and scrolls sideways with the arrow keys.
    await page.setViewportSize({ width: 1100, height: 900 });
    const region = page.getByRole("region", { name: "ATT&CK matrix timeline by tactic" });
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Coverage", exact: true }).click();
    await page.getByTestId("coverage-cell").first().waitFor();
    const toggle = page.getByRole("button", { name: /sub-techniques of/ }).first();
    const before = await toggle.getAttribute("aria-expanded");
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe(before === "true" ? "false" : "true");
    expect(await axeViolations(page)).toEqual([]);
    await shootAt(page, 800, "attack-coverage-800");
    consoleWatch.assertClean();
    await context.close();
  });
  // Last: importing the catalogue changes coverage for every test after it.
  it("draws the full Enterprise matrix once the catalogue is imported, zero counts and unknown ids included", async () => {
    const { context, page, consoleWatch } = await open(`${attackPath}?view=coverage`);
    await page.getByTestId("coverage-catalogue-missing").waitFor();
    const { csrf, tenant } = await sessionFacts(page, base);
    await ingestAlert(page, base, tenant("Tenant A"), {
      sourceId: "unknown-1",
      name: "Vendor-specific detection",
      mitreTechniques: ["T9999"],
      tactics: ["Impact"],
    });
    const imported = await page.request.post(`${base}/api/v1/attack/import`, {
      data: readFileSync(attackBundle, "utf8"),
      headers: { "x-csrf-token": csrf, "content-type": "application/json" },
      timeout: 120_000,
    });
    expect(imported.ok()).toBe(true);

    await page.reload();
    const scope = page.getByTestId("coverage-scope");
    await scope.waitFor();
    expect(await scope.textContent()).toMatch(
      /All [\d,]+ current Enterprise techniques and sub-techniques · \d+ with alerts in this window \(1 not in the catalogue, shown by id\)/,
    );
    expect(await page.getByTestId("coverage-catalogue-missing").count()).toBe(0);
    const cell = (tactic: string, technique: string) =>
      page.locator(
        `[data-testid=coverage-column][data-tactic="${tactic}"] [data-testid=coverage-cell][data-technique="${technique}"]`,
      );
    // A technique without alerts is drawn (lowest step), named; one under several tactics is in each.
    expect(await cell("Reconnaissance", "T1592").getAttribute("data-alerts")).toBe("0");
    await cell("Reconnaissance", "T1592").getByText("Gather Victim Host Information").waitFor();
    for (const tactic of ["Initial Access", "Persistence", "Privilege Escalation", "Defense Evasion"])
      await cell(tactic, "T1078").waitFor();
    // Counts still come from alerts; an id the catalogue lacks stays, by id, where its alert put it.
    expect(Number(await cell("Exfiltration", "T1048").getAttribute("data-alerts"))).toBeGreaterThan(0);
    expect(await cell("Impact", "T9999").getAttribute("data-alerts")).toBe("1");
    const recon = await page
      .locator('[data-testid=coverage-column][data-tactic="Reconnaissance"] [data-testid=coverage-cell]')
      .count();
    expect(recon).toBeGreaterThan(10);

    // Sub-techniques without alerts start folded; the keyboard opens them.
    const toggle = page.getByRole("button", { name: /^Show \d+ sub-techniques of T1592$/ });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const opened = page.getByRole("button", { name: /^Hide \d+ sub-techniques of T1592$/ });
    expect(await opened.getAttribute("aria-expanded")).toBe("true");
    expect(await cell("Reconnaissance", "T1592.001").getAttribute("data-alerts")).toBe("0");
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [1400, 1100, 800, 375]) await shootAt(page, width, `attack-coverage-full-${width}`);
    // The heat map scrolls sideways from the keyboard at a narrow width too.
    const region = page.getByRole("region", { name: "ATT&CK coverage heat map by tactic" });
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    consoleWatch.assertClean();
    await context.close();
  });
});
