import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, openAs, screenshot, signUpAndKeep, watchConsole } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const listPath = "/dashboard/incidents/cases";

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base, async (page) => {
    const { csrf, userId, tenant } = await sessionFacts(page, base);
    // The demo incidents have no owner; these are the signed-in person's, in two tenants.
    const incidents: [string, string, string, string | null][] = [
      ["Tenant A", "E2E Alpha ransomware", "Critical", userId],
      ["Tenant A", "E2E Bravo phishing", "High", userId],
      ["Tenant A", "E2E Charlie port scan", "Low", userId],
      ["Tenant A", "E2E Delta beaconing", "High", null],
      ["Tenant B", "E2E Echo exfiltration", "Critical", userId],
      ["Tenant B", "E2E Foxtrot odd login", "Medium", userId],
    ];
    for (const [tenantName, title, priority, ownerUserId] of incidents) {
      const response = await page.request.post(`${base}/api/v1/incidents`, {
        data: { tenantId: tenant(tenantName), title, priority, ownerUserId },
        headers: { "x-csrf-token": csrf },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (pathAndQuery: string) => openAs(browser, state, `${base}${pathAndQuery}`);

/** Waits until the list shows rows and is not loading or refreshing. */
async function listSettled(page: Page) {
  await page.getByTestId("incidents-table").waitFor();
  await page.waitForFunction(() => {
    const count = document.querySelector("[data-testid=row-count]")?.textContent ?? "";
    return count.startsWith("Showing") && !count.includes("refreshing");
  });
}

const rowIds = (page: Page) =>
  page.locator("[data-testid=incident-row]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-incident-id") ?? ""));
// The first cell of a row is its selection box: column n of the table is cell n + 1.
const column = (page: Page, n: number) => page.locator(`[data-testid=incident-row] td:nth-child(${n + 1})`).allTextContents();
const titles = (page: Page) => page.locator("[data-testid=incident-row] td:nth-child(2) a").allTextContents();
/** The header of a column, once the router has committed a sort state for it. */
const sortedBy = (page: Page, name: string, value: string) =>
  page.locator(`th[aria-sort="${value}"]`, { has: page.getByRole("button", { name, exact: true }) }).waitFor();

describe("incidents list", () => {
  it("filters and sorts with the whole state in the URL: reload, a pasted link and back restore it", async () => {
    const { context, page, consoleWatch } = await open(listPath);
    await listSettled(page);
    await page.getByRole("button", { name: "All", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("view") === "all");
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("group", { name: "Priority" }).getByLabel("Critical").check();
    await page.getByRole("group", { name: "Priority" }).getByLabel("High").check();
    await page.getByLabel("Owner", { exact: true }).fill("Olivia Owner");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(
      (u) => u.searchParams.get("owner") === "Olivia Owner" && (u.searchParams.get("priority") ?? "").split(",").length === 2,
    );
    await page.getByRole("button", { name: "Remove filter Owner: Olivia Owner" }).waitFor();
    await listSettled(page);
    expect((await titles(page)).sort()).toEqual(["E2E Alpha ransomware", "E2E Bravo phishing", "E2E Echo exfiltration"]);

    // Sorting from the keyboard: focus a header button and press Enter; the first press sorts high to low.
    await page.getByRole("button", { name: "Priority", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("sort") === "priority" && u.searchParams.get("dir") === "desc");
    await sortedBy(page, "Priority", "descending");
    await listSettled(page);
    expect(await column(page, 2)).toEqual(["Critical", "Critical", "High"]);
    await page.getByRole("button", { name: "Incident", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("sort") === "title" && u.searchParams.get("dir") === "asc");
    await sortedBy(page, "Incident", "ascending");
    await listSettled(page);
    expect(await titles(page)).toEqual(["E2E Alpha ransomware", "E2E Bravo phishing", "E2E Echo exfiltration"]);
    expect(
      await page.locator("th", { has: page.getByRole("button", { name: "Priority", exact: true }) }).getAttribute("aria-sort"),
    ).toBe("none");
    const ids = await rowIds(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
    await screenshot(page, "incidents-list-1400");

    await page.reload();
    await listSettled(page);
    await sortedBy(page, "Incident", "ascending");
    expect(await rowIds(page)).toEqual(ids);
    await page.getByRole("button", { name: "Remove filter Priority: Critical" }).waitFor();
    expect(await page.getByRole("button", { name: "All", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: /^Filters/ }).click();
    expect(await page.getByRole("group", { name: "Priority" }).getByLabel("High").isChecked()).toBe(true);
    expect(await page.getByLabel("Owner", { exact: true }).inputValue()).toBe("Olivia Owner");

    const pasted = await context.newPage();
    const pastedWatch = watchConsole(pasted);
    await pasted.goto(page.url());
    await listSettled(pasted);
    expect(await rowIds(pasted)).toEqual(ids);

    // Back: the priority sort, then the default sort with the filters kept.
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get("sort") === "priority");
    await sortedBy(page, "Priority", "descending");
    await listSettled(page);
    expect(await column(page, 2)).toEqual(["Critical", "Critical", "High"]);
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has("sort") && u.searchParams.has("owner"));
    await sortedBy(page, "Created", "descending");
    consoleWatch.assertClean();
    pastedWatch.assertClean();
    await context.close();
  });

  it("filters by tenant and created date, and shows the empty state with a way out", async () => {
    const { context, page, consoleWatch } = await open(`${listPath}?view=all&sort=owner&dir=asc`);
    await listSettled(page);
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("group", { name: "Tenant" }).getByLabel("Tenant B").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByRole("button", { name: "Remove filter Tenant: Tenant B" }).waitFor();
    await listSettled(page);
    expect(new Set(await column(page, 6))).toEqual(new Set(["Tenant B"]));
    const owners = await column(page, 4);
    expect(owners).toContain("Olivia Owner");
    // Ascending by owner: incidents without one ("—") first.
    expect(owners.indexOf("Olivia Owner")).toBeGreaterThan(owners.lastIndexOf("—"));

    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    const url = new URL(page.url());
    url.searchParams.set("from", tomorrow);
    await page.goto(url.href);
    await page.getByText("No incidents match these filters").waitFor();
    await page.getByRole("button", { name: `Remove filter Created from: ${tomorrow}` }).waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.waitForURL(
      (u) => !u.searchParams.has("tenant") && !u.searchParams.has("from") && u.searchParams.get("sort") === "owner",
    );
    await listSettled(page);
    expect(new Set(await column(page, 6)).size).toBeGreaterThan(1);
    consoleWatch.assertClean();
    await context.close();
  });

  it("filters by an alert's technique, exports the filtered list as CSV and moves two incidents at once", async () => {
    const { context, page, consoleWatch } = await open(`${listPath}?view=all`);
    await listSettled(page);
    const { csrf, tenant } = await sessionFacts(page, base);
    const alert = await page.request.post(`${base}/api/v1/alerts?tenantId=${tenant("Tenant A")}`, {
      data: {
        source: "edr",
        sourceId: "e2e-tech-1",
        name: "MMC snap-in launched from a user profile",
        priority: "High",
        mitreTechniques: ["T1218.014"],
        tactics: ["Defense Evasion"],
      },
      headers: { "x-csrf-token": csrf },
    });
    expect(alert.status(), await alert.text()).toBe(201);
    const made = await page.request.post(`${base}/api/v1/incidents`, {
      data: { tenantId: tenant("Tenant A"), title: "E2E Golf scripting", priority: "High", alertIds: [(await alert.json()).id] },
      headers: { "x-csrf-token": csrf },
    });
    expect(made.status()).toBe(201);

    await page.getByRole("button", { name: /^Filters/ }).click();
    // A technique the demo data never uses, so the filter leaves exactly this incident.
    await page.getByLabel("Technique", { exact: true }).fill("T1218.014");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((u) => u.searchParams.get("technique") === "T1218.014");
    await listSettled(page);
    // On a loaded machine the filtered page can land after the list first settles: wait for it.
    await expect.poll(() => titles(page), { timeout: 20_000 }).toEqual(["E2E Golf scripting"]);
    await page.getByRole("button", { name: "Remove filter Technique: T1218.014" }).click();
    await page.waitForURL((u) => !u.searchParams.has("technique"));

    // Export what the list shows: Tenant A's E2E incidents, title A to Z.
    await page.goto(`${base}${listPath}?view=all&tenant=${tenant("Tenant A")}&q=E2E&sort=title&dir=asc`);
    await listSettled(page);
    const shown = await titles(page);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    expect(download.suggestedFilename()).toMatch(/^watchfloor-incidents-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("reference,tenant,title,priority,status,owner,alerts,createdAt,updatedAt,id");
    expect(lines.slice(1).map((l) => l.split(",")[2])).toEqual(shown);

    // Two incidents acknowledged from the bulk bar.
    await page.getByLabel("Select E2E Bravo phishing").check();
    await page.getByLabel("Select E2E Charlie port scan").check();
    await page.getByLabel("Move selected to status").selectOption("Acknowledged");
    await page.getByText("Updated 2 incident(s).").waitFor();
    await listSettled(page);
    const statusOf = async (title: string) =>
      (await page.locator("[data-testid=incident-row]", { hasText: title }).locator("td:nth-child(4)").textContent())?.trim();
    expect(await statusOf("E2E Bravo phishing")).toBe("Acknowledged");
    expect(await statusOf("E2E Charlie port scan")).toBe("Acknowledged");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "incidents-bulk-1400");

    // The list saved as a view of its own (the alert list's views are apart), then opened again.
    await page.getByRole("button", { name: "Views" }).click();
    await page.getByLabel("Name for the current view").fill("Tenant A E2E by title");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = page.getByTestId("saved-views").getByRole("link", { name: "Tenant A E2E by title" });
    await saved.waitFor();
    await page.keyboard.press("Escape");
    await page.goto(`${base}${listPath}`);
    await listSettled(page);
    await page.getByRole("button", { name: "Views" }).click();
    await saved.click();
    await page.waitForURL((u) => u.searchParams.get("q") === "E2E" && u.searchParams.get("sort") === "title");
    // The URL changes before the router renders the view: until then the unfiltered list is
    // still on screen, settled. The title column's sort state shows the view is rendered.
    await sortedBy(page, "Incident", "ascending");
    await listSettled(page);
    expect(await titles(page)).toEqual(shown);
    consoleWatch.assertClean();
    await context.close();
  });
});
