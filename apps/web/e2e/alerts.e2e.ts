import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceServerClock, ingestAlert, listSettled, rowIds, sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, openAs, screenshot, signUpAndKeep, watchConsole } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;

const openList = "/dashboard/incidents/open";

beforeAll(async () => {
  // The SLA test moves the server clock itself (POST /api/v1/test/clock runs the breach check),
  // so the breach timer keeps its default interval.
  [server, browser] = await Promise.all([startServer({ WATCHFLOOR_TEST_CLOCK: "1" }), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path: string, width = 1400) => openAs(browser, state, `${base}${path}`, width);

/** Resizes, lets the sidebar's 300 ms width transition finish, scrolls to the top, then shoots. */
async function shootAt(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForTimeout(600);
  await page.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
  await screenshot(page, name);
}

async function expectNoAxe(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe("alerts and incidents", () => {
  it("keeps filters and sort in the URL: reload, a pasted link and back restore the list", async () => {
    const { context, page, consoleWatch } = await open(openList);
    await listSettled(page);
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("group", { name: "Priority" }).getByLabel("Critical").check();
    await page.getByRole("group", { name: "Priority" }).getByLabel("High").check();
    await page.getByRole("group", { name: "Status" }).getByLabel("Open", { exact: true }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(
      (u) => u.searchParams.get("priority") === "Critical,High" || u.searchParams.get("priority") === "High,Critical",
    );
    await page.getByRole("button", { name: "Remove filter Priority: Critical" }).waitFor();
    await listSettled(page);
    await page.getByRole("button", { name: "Alert", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("sort") === "name" && u.searchParams.get("dir") === "asc");
    // Router navigations render in a transition: wait for the committed header, then the data.
    const header = page.locator("th", { has: page.getByRole("button", { name: "Alert", exact: true }) });
    const sortedBy = (value: string) =>
      page.locator(`th[aria-sort="${value}"]`, { has: page.getByRole("button", { name: "Alert", exact: true }) }).waitFor();
    await sortedBy("ascending");
    await listSettled(page);
    const ids = await rowIds(page);
    expect(ids.length).toBeGreaterThan(0);
    const names = await page.locator("[data-testid=alert-row] td:nth-child(2) a").allTextContents();
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names.slice().sort((a, b) => a.localeCompare(b)));
    const priorities = await page.locator("[data-testid=alert-row] td:nth-child(3)").allTextContents();
    expect(priorities.every((p) => p === "Critical" || p === "High")).toBe(true);
    await expectNoAxe(page);
    await shootAt(page, 1400, "alerts-list-1400");

    await page.reload();
    await listSettled(page);
    await sortedBy("ascending");
    expect(await rowIds(page)).toEqual(ids);
    await page.getByRole("button", { name: "Remove filter Priority: Critical" }).waitFor();
    await page.getByRole("button", { name: /^Filters/ }).click();
    expect(await page.getByRole("group", { name: "Priority" }).getByLabel("Critical").isChecked()).toBe(true);
    expect(await page.getByRole("group", { name: "Priority" }).getByLabel("Low").isChecked()).toBe(false);

    const pasted = await context.newPage();
    const pastedWatch = watchConsole(pasted);
    await pasted.goto(page.url());
    await listSettled(pasted);
    expect(await rowIds(pasted)).toEqual(ids);

    // Back returns to the list before the sort: filters kept, default sort.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has("sort") && u.searchParams.has("priority"));
    await sortedBy("none");
    await listSettled(page);
    expect(await header.getAttribute("aria-sort")).toBe("none");
    consoleWatch.assertClean();
    pastedWatch.assertClean();
    await context.close();
  });

  it("sorts on every column, e.g. Tenant by name and Ack SLA by due time", async () => {
    const { context, page, consoleWatch } = await open(openList);
    await listSettled(page);
    const sortedBy = (column: string, value: string) =>
      page.locator(`th[aria-sort="${value}"]`, { has: page.getByRole("button", { name: column, exact: true }) }).waitFor();
    await page.getByRole("button", { name: "Tenant", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("sort") === "tenantName" && u.searchParams.get("dir") === "asc");
    await sortedBy("Tenant", "ascending");
    await listSettled(page);
    const tenantCell = await page
      .locator("thead th")
      .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim() === "Tenant") + 1);
    const tenants = await page.locator(`[data-testid=alert-row] td:nth-child(${tenantCell})`).allTextContents();
    expect(tenants.length).toBeGreaterThan(1);
    expect(tenants).toEqual([...tenants].sort((a, b) => a.localeCompare(b)));
    await page.getByRole("button", { name: "Ack SLA", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("sort") === "ackSla" && u.searchParams.get("dir") === "asc");
    await sortedBy("Ack SLA", "ascending");
    await listSettled(page);
    expect((await rowIds(page)).length).toBeGreaterThan(0);
    consoleWatch.assertClean();
    await context.close();
  });

  it("bulk-closes selected alerts with a resolution: they leave Open and appear in Closed", async () => {
    const { context, page, consoleWatch } = await open(openList);
    await listSettled(page);
    const ids = (await rowIds(page)).slice(0, 3);
    for (const id of ids) await page.locator(`[data-alert-id="${id}"] input[type=checkbox]`).check();
    await page.getByTestId("bulk-bar").getByText("3 selected").waitFor();
    await page.getByTestId("bulk-bar").getByRole("button", { name: "Close with resolution" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Resolution type").selectOption("Manual");
    await dialog.getByLabel("Closure notes").fill("False positive: approved scanner.");
    await dialog.getByRole("button", { name: "Close with resolution" }).click();
    await page.getByTestId("bulk-result").getByText("Updated 3 alert(s).").waitFor();
    for (const id of ids) await page.locator(`[data-alert-id="${id}"]`).waitFor({ state: "detached" });

    await page.goto(`${base}/dashboard/incidents/closed?sort=updatedAt&dir=desc`);
    await listSettled(page);
    const closed = (await rowIds(page)).slice(0, 10);
    for (const id of ids) expect(closed).toContain(id);
    consoleWatch.assertClean();
    await context.close();
  });

  it("moves an alert through the workflow and shows the server's refusal of an illegal move", async () => {
    const { context, page, consoleWatch } = await open(openList);
    await listSettled(page);
    const [id] = await rowIds(page);
    const tab2 = await context.newPage();
    const watch2 = watchConsole(tab2);
    // Tab 2 has no live feed (as if its connection dropped), so it still offers the stale move.
    await tab2.route("**/api/v1/events", (route) => route.fulfill({ status: 204, body: "" }));
    await tab2.goto(`${base}/dashboard/incidents/alerts/${id}`);
    await tab2.getByTestId("move-Acknowledged").waitFor();

    await page.goto(`${base}/dashboard/incidents/alerts/${id}`);
    await page.getByTestId("move-Acknowledged").click();
    await page.getByTestId("move-In Progress").waitFor();

    await tab2.getByTestId("move-Acknowledged").click();
    const refusal = tab2.getByRole("alert").filter({ hasText: "allowed:" });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/allowed: In Progress, Closed/);

    await page.getByTestId("move-In Progress").click();
    await page.getByTestId("move-Resolved").click();
    await page.getByTestId("move-Closed").click();
    await page.getByTestId("move-In Progress").getByText("Reopen").waitFor();
    const timeline = page.getByTestId("timeline");
    await timeline.getByText("moved it from Resolved to Closed").waitFor();
    await page.getByLabel("Add a comment").fill("Checked with the asset owner.");
    await page.getByRole("button", { name: "Comment" }).click();
    await timeline.getByText("Checked with the asset owner.").waitFor();
    consoleWatch.assertClean();
    watch2.assertClean();
    await context.close();
  });

  it("notifies an SLA breach in the bell once the server clock passes the due time", async () => {
    const { context, page, consoleWatch } = await open("/dashboard");
    const { tenant } = await sessionFacts(page, base);
    // Breaches already due (the demo data's) are notified first, so the jump below adds only its own.
    await advanceServerClock(page, base, 0);
    // No detectedAt: detected at the server's now. Critical: acknowledge within 15 minutes, respond within 30.
    const name = "E2E ransomware beacon past its SLA";
    const id = await ingestAlert(page, base, tenant("Tenant A"), { sourceId: "sla-breach-1", name, priority: "Critical" });
    await page.goto(`${base}/dashboard/incidents/alerts/${id}`);
    await page.getByLabel("Assignee").selectOption({ label: "Olivia Owner (you)" });
    await page.getByText("Assigned to Olivia Owner").waitFor();
    // The header badges read "<label>: <prefix><state>" (the label is for screen readers).
    const badge = (label: string) => page.getByText(`${label}:`).locator("..");
    expect(await badge("Acknowledge SLA").textContent()).toBe("Acknowledge SLA: AckOn track");
    const breachesFor = async () => {
      const items = (
        (await (await page.request.get(`${base}/api/v1/notifications?limit=100`)).json()) as {
          items: { kind: string; message: string }[];
        }
      ).items;
      return items.filter((n) => n.kind === "sla_breach" && n.message.includes(name));
    };
    expect(await breachesFor()).toEqual([]);

    const moved = await advanceServerClock(page, base, 31);
    expect(moved.slaBreachesNotified).toBeGreaterThanOrEqual(1);
    await page.getByTestId("notifications-trigger").click();
    const item = page.getByTestId("notifications-popover").getByTestId("notification-item").filter({ hasText: name });
    await item.waitFor();
    expect(await item.textContent()).toMatch(
      /^SLA breach.*SLA breached: Critical alert "E2E ransomware beacon past its SLA" missed its acknowledge time\./,
    );
    await page.keyboard.press("Escape");
    expect(await breachesFor()).toHaveLength(1);

    // The alert itself now reads as breached on both steps.
    await page.reload();
    await page.getByText("Acknowledge SLA: AckMissed").waitFor();
    expect(await badge("Respond SLA").textContent()).toBe("Respond SLA: RespondMissed");
    consoleWatch.assertClean();
    await context.close();
  });

  it("escalates an alert to a new incident from its page", async () => {
    const { context, page, consoleWatch } = await open(openList);
    await listSettled(page);
    const [id] = await rowIds(page);
    await page.goto(`${base}/dashboard/incidents/alerts/${id}`);
    const name = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await page.getByRole("button", { name: "Escalate to new incident" }).click();
    const link = page.getByTestId("incident-link").first();
    await link.getByText(/Escalated to .+-INC-\d+/).waitFor();
    const reference = ((await link.textContent()) ?? "").replace("Escalated to ", "").trim();
    await expectNoAxe(page);
    await shootAt(page, 1400, "alert-detail-1400");
    await shootAt(page, 800, "alert-detail-800");
    await link.click();
    await page.waitForURL("**/dashboard/incidents/cases/*");
    await page.getByText(reference, { exact: true }).waitFor();
    await page.getByTestId("linked-alerts").getByRole("link", { name }).waitFor();
    consoleWatch.assertClean();
    await context.close();
  });

  it("imports a CSV and reports rejected rows with row numbers and reasons", async () => {
    const { context, page, consoleWatch } = await open("/dashboard/incidents/import");
    const csv = [
      "id,name,priority,status,detectedAt",
      "e2e-imp-1,Imported brute force,High,Open,2026-01-05T10:00:00Z",
      "e2e-imp-2,Imported port scan,Low,Open,2026-01-05T11:00:00Z",
      "e2e-imp-3,Bad status row,Medium,Status,2026-01-05T12:00:00Z",
      "e2e-imp-4,,High,Open,2026-01-05T13:00:00Z",
    ].join("\n");
    await page.getByLabel("File").setInputFiles({ name: "e2e-sample.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload and import" }).click();
    await page.getByTestId("import-report").waitFor();
    expect(await page.getByTestId("stat-created").textContent()).toBe("2");
    expect(await page.getByTestId("stat-rejected").textContent()).toBe("2");
    const rejected = page.getByTestId("rejected-rows").locator("tbody tr");
    expect(await rejected.count()).toBe(2);
    const rows = await rejected.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll("td")).map((td) => td.textContent ?? "")),
    );
    expect(rows.map((r) => r[0])).toEqual(["4", "5"]);
    expect(rows[0]?.[1]).toBe("status");
    expect(rows[1]?.[1]).toBe("name");
    expect(rows.every((r) => (r[2] ?? "").length > 0)).toBe(true);
    await expectNoAxe(page);
    await shootAt(page, 1400, "import-report-1400");
    await shootAt(page, 800, "import-report-800");

    await page.getByRole("link", { name: "Open in quarantine" }).click();
    await page.getByTestId("quarantine-row").first().waitFor();
    expect(await page.getByTestId("quarantine-row").count()).toBe(2);
    consoleWatch.assertClean();
    await context.close();
  });

  it("shows a new alert in the open list without a reload", async () => {
    const { context, page, consoleWatch } = await open(openList, 800);
    await listSettled(page);
    await shootAt(page, 800, "alerts-list-800");
    const { tenant } = await sessionFacts(page, base);
    const id = await ingestAlert(page, base, tenant("Tenant B"), {
      sourceId: "live-1",
      name: "E2E live credential stuffing",
      priority: "High",
      detectedAt: new Date().toISOString(),
    });
    await page.locator(`[data-alert-id="${id}"]`).waitFor({ timeout: 5000 });
    await page.getByRole("link", { name: "E2E live credential stuffing" }).waitFor();
    consoleWatch.assertClean();
    await context.close();
  });
});
