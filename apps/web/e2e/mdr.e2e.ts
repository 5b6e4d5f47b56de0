import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceServerClock, ingestAlert, sessionFacts } from "./support/alerts";
import { launchBrowser, openAs, signUpAndKeep } from "./support/browser";
import { checkPage } from "./support/findings";
import { type RunningServer, repoRoot, startServer } from "./support/server";

const attackBundle = path.resolve(repoRoot, "../shared/data/attack/enterprise-attack.json");

/**
 * MDR over the demo tenants (all five have the module): the client board, a source that stops
 * sending (the server clock moves past its expected interval: it turns red and the bell gets the
 * notice), a handover note naming an alert, and an escalation with the client's acknowledgement.
 */
let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ WATCHFLOOR_TEST_CLOCK: "1" }), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base, async (page) => {
    // The demo alerts' rollups are still being computed after sign-up; the first MDR read waits for
    // them (as the dashboard's does), which takes a while on a loaded two-core machine.
    const ready = await page.request.get(`${base}/api/v1/mdr/board`, { timeout: 170_000 });
    expect(ready.status()).toBe(200);
  });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path: string, width = 1400) => openAs(browser, state, `${base}${path}`, width);

const sourceRow = (page: Page) => page.getByTestId("mdr-source").filter({ hasText: "E2E Sensor" });

describe("MDR", () => {
  let alertId = "";

  it("shows the client board with one row per client, looked at in light and dark at every width", async () => {
    const { context, page, consoleWatch } = await open("/mdr");
    await page.getByRole("heading", { level: 1, name: "MDR" }).waitFor();
    const rows = page.getByTestId("mdr-board-row");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(5);
    expect(await page.getByTestId("mdr-board").textContent()).toContain("Tenant A");
    await checkPage(page, "mdr-board", async (p) => {
      await p.getByTestId("mdr-board").waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  });

  it("turns a source red and notifies once it stops sending past its expected interval", async () => {
    const { context, page, consoleWatch } = await open("/mdr?tab=sources");
    const { tenant } = await sessionFacts(page, base);
    await advanceServerClock(page, base, 0);
    alertId = await ingestAlert(page, base, tenant("Tenant A"), {
      sourceId: "mdr-e2e-1",
      name: "E2E perimeter scan",
      sourceTool: "E2E Sensor",
      detectionSource: "Perimeter",
    });
    await page.reload();
    await sourceRow(page).waitFor();
    expect(await sourceRow(page).textContent()).not.toContain("set for this source");
    // The client's admin sets the source's expected interval on the page.
    await sourceRow(page).getByRole("button", { name: "Change the expected interval of E2E Sensor in Tenant A" }).click();
    const dialog = page.getByTestId("mdr-expected-form");
    await dialog.getByLabel("Silent after (minutes)").fill("30");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await sourceRow(page).getByText("set for this source").waitFor();
    expect(await sourceRow(page).textContent()).toContain("30 min");
    expect(await sourceRow(page).getAttribute("data-silent")).toBe("false");
    expect(await sourceRow(page).textContent()).toContain("Receiving");
    expect(await sourceRow(page).textContent()).toContain("set for this source");

    // The source stops: the clock passes its 30 minutes; the periodic check runs with the move.
    await advanceServerClock(page, base, 31);
    await page.reload();
    await sourceRow(page).waitFor();
    expect(await sourceRow(page).getAttribute("data-silent")).toBe("true");
    expect(await sourceRow(page).textContent()).toContain("Silent");
    await checkPage(page, "mdr-sources", async (p) => {
      await p.getByTestId("mdr-sources").waitFor();
    });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByTestId("notifications-trigger").click();
    const item = page.getByTestId("notifications-popover").getByTestId("notification-item").filter({ hasText: "E2E Sensor" });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/^Data source silent.*E2E Sensor \/ Perimeter of Tenant A has sent nothing since/);
    await page.keyboard.press("Escape");
    // Told once: another check finds the same silence already told.
    await advanceServerClock(page, base, 5);
    const notices = (
      (await (await page.request.get(`${base}/api/v1/notifications?limit=100`)).json()) as { items: { message: string }[] }
    ).items.filter((n) => n.message.includes("E2E Sensor"));
    expect(notices).toHaveLength(1);
    consoleWatch.assertClean();
    await context.close();
  });

  it("reassigns an analyst's oldest open alerts from the workload", async () => {
    const { context, page, consoleWatch } = await open("/mdr?tab=workload");
    const rows = page.getByTestId("mdr-workload-row").filter({ hasText: "Tenant A" });
    await rows.first().waitFor();
    const row = rows.filter({ hasNotText: "Olivia Owner" }).first();
    const before = Number(await row.locator("td").nth(1).textContent());
    expect(before).toBeGreaterThan(1);
    await row.getByRole("button", { name: /^Reassign/ }).click();
    const form = page.getByTestId("mdr-reassign-form");
    await form.getByLabel("Reassign to").selectOption({ label: "Olivia Owner (you)" });
    await form.getByLabel("How many (oldest first)").fill("2");
    await form.getByRole("button", { name: "Reassign" }).click();
    await page.getByText(`Moved 2 alerts. ${before - 2} still open`).waitFor();
    await page.getByRole("button", { name: "Done" }).click();
    const mine = page.getByTestId("mdr-workload-row").filter({ hasText: "Olivia Owner" }).filter({ hasText: "Tenant A" });
    await mine.waitFor();
    expect(Number(await mine.locator("td").nth(1).textContent())).toBeGreaterThanOrEqual(2);
    await checkPage(page, "mdr-workload", async (p) => {
      await p.getByTestId("mdr-workload").waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  });

  it("writes a handover note that names an alert, kept in the history", async () => {
    const { context, page, consoleWatch } = await open("/mdr?tab=handover");
    const form = page.getByRole("form", { name: "Handover note" });
    await form.waitFor();
    await form.getByLabel("Client", { exact: true }).selectOption({ label: "Tenant A" });
    await form.getByLabel("Shift").fill("Night 26 Nov");
    await form.getByLabel("What is open").fill("E2E Sensor went quiet; perimeter scan still open.");
    await form.getByLabel("What to watch").fill("Whether the sensor comes back.");
    await form.getByLabel("Alert ids").fill("not-an-alert");
    await form.getByRole("button", { name: "Save handover" }).click();
    await form.getByText("no alert with this id in the tenant").waitFor();
    await form.getByLabel("Alert ids").fill(alertId);
    await form.getByRole("button", { name: "Save handover" }).click();
    await form.getByText("Handover saved.").waitFor();
    const note = page.getByTestId("mdr-handover").filter({ hasText: "Night 26 Nov" });
    await note.waitFor();
    expect(await note.getByRole("link", { name: "E2E perimeter scan" }).getAttribute("href")).toBe(
      `/dashboard/incidents/alerts/${alertId}`,
    );
    await checkPage(page, "mdr-handover", async (p) => {
      await p.getByTestId("mdr-handovers").waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  });

  it("records an escalation from the matrix and the client's acknowledgement", async () => {
    const { context, page, consoleWatch } = await open("/mdr?tab=escalations");
    const contacts = page.getByRole("form", { name: "New contact" });
    await contacts.waitFor();
    await page
      .getByRole("heading", { name: "Client contacts and escalation matrix" })
      .locator("..")
      .locator("..")
      .getByLabel("Client")
      .selectOption({ label: "Tenant A" });
    await contacts.getByLabel("Name").fill("Dana Client");
    await contacts.getByLabel("Role").fill("CISO");
    await contacts.getByLabel("Phone").fill("+1 555 0100");
    await contacts.getByRole("button", { name: "Add contact" }).click();
    await page.getByTestId("mdr-contacts").getByRole("button", { name: "Remove Dana Client" }).waitFor();
    const matrix = page.getByRole("form", { name: "Escalation matrix" });
    await matrix.getByLabel("High: contact").selectOption({ label: "Dana Client" });
    await matrix.getByLabel("High: channel").selectOption("phone");
    await matrix.getByRole("button", { name: "Save matrix" }).click();
    await matrix.getByText("Matrix saved.").waitFor();

    const form = page.getByRole("form", { name: "Escalation" });
    await form.getByLabel("Client", { exact: true }).selectOption({ label: "Tenant A" });
    await form.getByLabel("What the client was told about").fill("Perimeter sensor silent");
    await form.getByLabel("Priority").selectOption("High");
    await form.getByText("From the matrix: Dana Client").waitFor({ state: "attached" });
    await form.getByRole("button", { name: "Record escalation" }).click();
    await form.getByText("Escalation recorded.").waitFor();
    const row = page.getByTestId("mdr-escalation").filter({ hasText: "Perimeter sensor silent" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Dana Client by phone");
    await row.getByLabel("Acknowledged by").fill("Dana");
    await row.getByRole("button", { name: "Acknowledge" }).click();
    await row.getByText("Acknowledged", { exact: true }).waitFor();
    await checkPage(page, "mdr-escalations", async (p) => {
      await p.getByTestId("mdr-escalations").waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  });

  it("shows a client's detection coverage, a source's data components set by hand, and the overlay on the matrix", async () => {
    const { context, page, consoleWatch } = await open("/mdr?tab=coverage");
    await page.getByTestId("mdr-coverage-no-catalogue").waitFor();
    const { csrf } = await sessionFacts(page, base);
    const imported = await page.request.post(`${base}/api/v1/attack/import`, {
      data: readFileSync(attackBundle, "utf8"),
      headers: { "x-csrf-token": csrf, "content-type": "application/json" },
      timeout: 120_000,
    });
    expect(imported.ok()).toBe(true);
    await page.reload();
    await page.getByLabel("Client").selectOption({ label: "Tenant A" });
    const figures = page.getByTestId("mdr-coverage-figures");
    await figures.waitFor();
    const figure = async (label: string) =>
      Number(await figures.locator("div").filter({ hasText: label }).locator("dd").textContent());
    await page.getByTestId("mdr-coverage-techniques").waitFor();
    const visibleBefore = await figure("Visible to the sources");
    expect(visibleBefore).toBeGreaterThan(0);
    // Splunk is a SIEM: it supplies nothing until someone says what it collects.
    const splunk = page.getByTestId("mdr-coverage-source").filter({ hasText: "Splunk" });
    expect(await splunk.textContent()).toContain("none known");
    await splunk.getByRole("button", { name: "Change the data components of Splunk" }).click();
    const form = page.getByTestId("mdr-components-form");
    await form.getByLabel("Find").fill("credential request");
    await form.getByLabel("Active Directory Credential Request (DC0084)").check();
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });
    await splunk.getByText("set for this source").waitFor();
    expect(await splunk.textContent()).toContain("Active Directory Credential Request");
    await expect.poll(() => figure("Visible to the sources")).toBeGreaterThan(visibleBefore);
    const onTheMatrix = (await figure("Visible to the sources")) + (await figure("Partly visible"));
    await checkPage(page, "mdr-coverage", async (p) => {
      await p.getByTestId("mdr-coverage-figures").waitFor();
    });

    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByRole("link", { name: "Show on the ATT&CK matrix" }).click();
    await page.waitForURL(/\/dashboard\/risk\/attack\?view=coverage&visibility=/);
    await page.getByTestId("layer-name").waitFor();
    expect(await page.getByTestId("layer-name").textContent()).toBe("Visible to Tenant A's data sources");
    expect(await page.getByTestId("layer-facts").textContent()).toContain(`enterprise-attack · ${onTheMatrix} techniques`);
    await page.getByRole("button", { name: "Clear overlay" }).click();
    await page.waitForURL((url) => !url.search.includes("visibility="));
    consoleWatch.assertClean();
    await context.close();
  });

  it("shows loading, then the server's error with a retry", async () => {
    const { context, page } = await open("/dashboard");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/mdr/board", async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "internal", message: "The board is down.", requestId: "x" }),
      });
    });
    await page.goto(`${base}/mdr`);
    await page.getByText("Loading the client board…").waitFor();
    release();
    await page.getByText("The board is down.").waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Retry" }).waitFor();
    await context.close();
  });
});
