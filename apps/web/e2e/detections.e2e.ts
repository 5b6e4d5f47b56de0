import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import { launchBrowser, openAs, signUpAndKeep } from "./support/browser";
import { checkPage } from "./support/findings";
import { repoRoot, type RunningServer, startServer } from "./support/server";

/**
 * Sigma detections end to end: the shared SigmaHQ rules imported as a zip through the page, the
 * shared Windows events posted to POST /api/v1/events, each raising the alert of its rule with
 * the rule's ATT&CK techniques (docs/detections.md).
 */
const data = path.resolve(repoRoot, "../shared/data/alerts");
const ruleFiles = readdirSync(path.join(data, "sigma")).filter((f) => f.endsWith(".yml"));
const eventFiles = readdirSync(path.join(data, "windows-events")).filter((f) => f.endsWith(".event.json"));
const REACT2SHELL = "Windows Suspicious Child Process from Node.js - React2Shell";

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

// Tenant A selected in the header's picker (lib/tenant-scope.ts keeps it in localStorage).
const open = (pathAndQuery: string) =>
  openAs(browser, state, `${base}${pathAndQuery}`, 1400, (page) =>
    page.addInitScript((id) => localStorage.setItem("watchfloor.tenant", JSON.stringify({ tenantId: id })), tenantA),
  );

const rulesReady = async (page: Page) => {
  await page.getByTestId("detection-rules").waitFor();
  await page.getByTestId("logsource-map").waitFor();
};

describe("detections", () => {
  it("imports the shared Sigma rules, runs the shared events, and shows each alert with its techniques", {
    timeout: 240_000,
  }, async () => {
    const { context, page, consoleWatch } = await open("/automation/detections");
    await page.getByRole("heading", { level: 1, name: "Detections" }).waitFor();
    await page.getByText("No Sigma rules yet").waitFor();

    // The rules folder as a zip, through the import form (rules enabled on import).
    const zip = zipSync(
      Object.fromEntries(ruleFiles.map((f) => [`rules/windows/${f}`, readFileSync(path.join(data, "sigma", f))])),
    );
    await page
      .getByLabel("Rule file")
      .setInputFiles({ name: "sigma-rules.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
    expect(await page.getByLabel("Enable the imported rules now (otherwise they arrive switched off).").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Upload and import" }).first().click();
    const report = page.getByTestId("rule-import-report");
    await report.waitFor();
    expect(await report.getByTestId("stat-rules-added").textContent()).toBe("10");
    expect(await report.getByTestId("stat-rules-refused").textContent()).toBe("0");
    await expect.poll(() => page.getByTestId("detection-rules").locator("tbody tr").count()).toBe(10);

    // The shared events, as a sensor would send them.
    const { csrf } = await sessionFacts(page, base);
    const ndjson = eventFiles
      .map((f) => JSON.stringify(JSON.parse(readFileSync(path.join(data, "windows-events", f), "utf8"))))
      .join("\n");
    const posted = await page.request.post(`${base}/api/v1/events?tenantId=${tenantA}`, {
      data: ndjson,
      headers: { "content-type": "application/x-ndjson", "x-csrf-token": csrf },
    });
    expect(posted.status(), await posted.text()).toBe(200);
    expect(await posted.json()).toMatchObject({ received: 10, matched: 10, unmatched: 0, alertsCreated: 10 });

    await page.reload();
    await rulesReady(page);
    expect(await page.getByTestId("stat-events-matched").textContent()).toBe("10");
    const row = page.getByTestId("detection-rules").locator("tbody tr", { hasText: REACT2SHELL });
    expect(await row.locator("td").nth(2).textContent()).toBe("T1059, T1190");
    expect(await row.locator("td").nth(3).textContent()).toBe("1");
    await checkPage(page, "detections", rulesReady);

    // The rule's page: its ATT&CK tags, its one match, and the alert it raised.
    await page.setViewportSize({ width: 1400, height: 900 });
    await row.getByRole("link", { name: REACT2SHELL }).click();
    await page.getByRole("heading", { name: REACT2SHELL }).waitFor();
    const facts = page.getByTestId("rule-facts");
    await facts.getByText("Execution, Initial Access").waitFor();
    await facts.getByText("T1059, T1190").waitFor();
    const matches = page.getByTestId("rule-matches");
    await matches.waitFor();
    expect(await matches.locator("tbody tr").count()).toBe(1);
    await checkPage(page, "detection-rule", async (p) => {
      await p.getByTestId("rule-matches").waitFor();
    });
    await page.setViewportSize({ width: 1400, height: 900 });
    await matches.getByRole("link", { name: REACT2SHELL }).click();
    await page.waitForURL(/\/dashboard\/incidents\/alerts\//);
    await page.getByRole("heading", { name: REACT2SHELL }).waitFor();
    await page.getByText("T1190").first().waitFor();
    await page.getByText("T1059").first().waitFor();
    consoleWatch.assertClean();
    await context.close();
  });
});
