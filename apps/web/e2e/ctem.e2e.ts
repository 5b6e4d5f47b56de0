import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, newContext, openAs, screenshot, signUpAndKeep, watchConsole } from "./support/browser";
import { checkPage } from "./support/findings";
import { repoRoot, type RunningServer, startServer } from "./support/server";

/**
 * CTEM over the shared Nessus scan of testphp.vulnweb.com (a public address, so internet-facing),
 * imported into a tenant of its own that has CTEM; a second tenant without CTEM shows the upgrade
 * panel. The API test (apps/server/src/features/ctem/ctem.api.test.ts) checks the same rules.
 */
const nessus = readFileSync(path.resolve(repoRoot, "../shared/data/vulnscans/nessus/nessus_with_cvssv3.nessus"));

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
let shopId: string;
let bareId: string;

async function createTenant(page: Page, name: string, slug: string, modules: string[]) {
  const { csrf } = await sessionFacts(page, base);
  const created = await page.request.post(`${base}/api/v1/tenants`, {
    data: { name, slug, modules },
    headers: { "x-csrf-token": csrf },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base, async (page) => {
    shopId = await createTenant(page, "CTEM Shop", "ctem-shop", ["ctem"]);
    bareId = await createTenant(page, "No CTEM", "no-ctem", []);
    await page.evaluate((id) => localStorage.setItem("watchfloor.tenant", JSON.stringify({ tenantId: id })), shopId);
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (width = 1400) => openAs(browser, state, `${base}/ctem`, width);
const scopeReady = async (page: Page) => {
  await page.getByTestId("scope-detail").waitFor();
  await page.getByTestId("exposure-list").waitFor();
  await page.getByTestId("ctem-trend-caption").waitFor();
};

describe("ctem", () => {
  it("shows the empty state, then creates a scope over an imported scan, confirms an exposure and sees the score rise", async () => {
    const { context, page, consoleWatch } = await open();
    await page.getByRole("heading", { level: 1, name: "CTEM" }).waitFor();
    await page.getByTestId("ctem-empty").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const { csrf } = await sessionFacts(page, base);
    const imported = await page.request.post(`${base}/api/v1/imports/findings?tenantId=${shopId}`, {
      data: nessus,
      headers: { "content-type": "application/octet-stream", "x-csrf-token": csrf },
    });
    expect(imported.status(), await imported.text()).toBe(200);

    // Create a scope from the keyboard: the server names each missing field.
    await page.getByRole("button", { name: "Create scope" }).focus();
    await page.keyboard.press("Enter");
    const form = page.getByTestId("create-scope-form");
    await form.getByRole("button", { name: "Create scope" }).click();
    await form.getByLabel("Name", { exact: true }).and(page.locator("[aria-invalid=true]")).waitFor();
    await form.getByLabel("Owner").and(page.locator("[aria-invalid=true]")).waitFor();
    await form.getByLabel("Name", { exact: true }).fill("Web shop");
    await form.getByLabel("Owner").selectOption({ label: "Olivia Owner" });
    await form.getByLabel("Business impact").selectOption("High");
    await form.getByRole("button", { name: "Create scope" }).click();
    // No asset rule yet: the rule's field says so.
    await form.getByLabel("Name or key contains").and(page.locator("[aria-invalid=true]")).waitFor();
    await form.getByLabel("Name or key contains").fill("testphp");
    await form.getByRole("button", { name: "Create scope" }).click();
    await scopeReady(page);
    expect(await page.getByTestId("scope-list").getByRole("button").count()).toBe(1);

    const scoreBefore = Number(await page.getByTestId("scope-score").textContent());
    const first = page.getByTestId("exposure").first();
    const exposureBefore = Number(await first.getByTestId("exposure-score").textContent());
    expect(scoreBefore).toBeGreaterThan(0);
    // The reasons: each factor and what it added.
    await first.getByText(`Why ${exposureBefore}`).click();
    expect(await first.getByTestId("exposure-reasons").textContent()).toContain("internet-facing");

    // Confirm the worst exposure exploitable, with evidence: its score and the scope's rise.
    await first.getByRole("button", { name: /^Validate / }).click();
    const validate = page.getByTestId("validate-form");
    await validate.getByRole("button", { name: "Save" }).click();
    await validate.getByLabel("Evidence").and(page.locator("[aria-invalid=true]")).waitFor();
    await validate.getByLabel("Result").selectOption({ label: "Validated (exploitable)" });
    await validate.getByLabel("Evidence").fill("Reproduced the PHP CGI query-string injection from outside");
    await validate.getByRole("button", { name: "Save" }).click();
    await validate.waitFor({ state: "detached" });
    await page.getByTestId("exposure-validation").filter({ hasText: "Validated" }).waitFor();
    await page.waitForFunction(
      (before) => Number(document.querySelector("[data-testid=scope-score]")?.textContent) !== before,
      scoreBefore,
    );
    const scoreAfter = Number(await page.getByTestId("scope-score").textContent());
    expect(scoreAfter).toBeGreaterThan(scoreBefore);
    expect(Number(await page.getByTestId("exposure-score").first().textContent())).toBeGreaterThan(exposureBefore);
    expect(Number(await page.getByTestId("scope-list").getByRole("button").first().locator("span").first().textContent())).toBe(
      scoreAfter,
    );

    // A remediation task over two findings: progress waits for a later scan.
    await page.getByRole("button", { name: "Create task" }).click();
    const task = page.getByTestId("create-task-form");
    await task.getByRole("button", { name: "Create task" }).click();
    await task.getByLabel("Title").and(page.locator("[aria-invalid=true]")).waitFor();
    await task.getByLabel("Title").fill("Patch PHP");
    await task.getByLabel("Owner").selectOption({ label: "Olivia Owner" });
    await task.getByRole("checkbox").nth(0).check();
    await task.getByRole("checkbox").nth(1).check();
    await task.getByRole("button", { name: "Create task" }).click();
    await task.waitFor({ state: "detached" });
    expect(await page.getByTestId("task-progress").textContent()).toContain("0 of 2 fixed by scans");

    // Nuclei results (Nuclei's -jsonl shape; none is in the shared data): the CVE-2012-1823
    // template matched on the scanned host validates that finding.
    const nuclei = JSON.stringify({
      "template-id": "CVE-2012-1823",
      info: { name: "PHP CGI v5.3.12/5.4.2 RCE", severity: "high", classification: { "cve-id": ["cve-2012-1823"] } },
      type: "http",
      host: "http://testphp.vulnweb.com",
      "matched-at": "http://testphp.vulnweb.com/index.php?-d+allow_url_include%3don",
      ip: "44.228.249.3",
    });
    const importForm = page.getByTestId("nuclei-import");
    await importForm.getByLabel("Nuclei results (JSON lines)").setInputFiles({
      name: "nuclei.jsonl",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(`${nuclei}\n`),
    });
    await importForm.getByRole("button", { name: "Import validations" }).click();
    await importForm.getByText("1 result: 1 exposure validated, 0 matched nothing in this scope.").waitFor();
    await page.getByText(/^Nuclei, /).waitFor();

    await checkPage(page, "ctem", scopeReady);
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForTimeout(600);
    await scopeReady(page);
    await screenshot(page, "ctem-375");
    consoleWatch.assertClean();
    await context.close();
  });

  it("edits the scope from the keyboard and deletes its task after a confirmation", async () => {
    const { context, page, consoleWatch } = await open();
    await scopeReady(page);
    const scoreBefore = Number(await page.getByTestId("scope-score").textContent());

    // Edit: the dialog starts from the scope's values; a bad value is named on its field.
    await page.getByRole("button", { name: "Edit scope" }).focus();
    await page.keyboard.press("Enter");
    const form = page.getByTestId("edit-scope-form");
    const name = form.getByLabel("Name", { exact: true });
    expect(await name.inputValue()).toBe("Web shop");
    expect(await form.getByLabel("Name or key contains").inputValue()).toBe("testphp");
    expect(await form.getByLabel("Business impact").inputValue()).toBe("High");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "ctem-edit-scope");
    await name.fill("   ");
    await form.getByRole("button", { name: "Save scope" }).click();
    await name.and(page.locator("[aria-invalid=true]")).waitFor();
    await name.fill("Web shop (PHP)");
    await form.getByLabel("Business impact").selectOption("Low");
    await form.getByRole("button", { name: "Save scope" }).click();
    await form.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Web shop (PHP)" }).waitFor();
    await page.getByTestId("scope-list").getByText("Web shop (PHP)").waitFor();
    // High to Low impact on the same asset: the score falls.
    await page.waitForFunction(
      (before) => Number(document.querySelector("[data-testid=scope-score]")?.textContent) < before,
      scoreBefore,
    );

    // Delete the task: Cancel keeps it, the confirmation deletes it.
    const tasks = page.getByTestId("task");
    expect(await tasks.count()).toBe(1);
    await page.getByRole("button", { name: "Delete task Patch PHP" }).click();
    const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog"));
    await confirm.getByText("The findings stay.", { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    expect(await tasks.count()).toBe(1);
    await page.getByRole("button", { name: "Delete task Patch PHP" }).click();
    await confirm.getByRole("button", { name: "Delete task" }).click();
    await page.getByText("No tasks yet").waitFor();
    expect(await tasks.count()).toBe(0);
    // Nothing was left behind on the server either.
    const scopes = await page.request.get(`${base}/api/v1/ctem/scopes?tenantId=${shopId}`);
    const [scope] = ((await scopes.json()) as { items: { id: string; name: string }[] }).items;
    const detail = await page.request.get(`${base}/api/v1/ctem/scopes/${scope?.id}`);
    expect((await detail.json()) as { name: string; tasks: unknown[] }).toMatchObject({ name: "Web shop (PHP)", tasks: [] });
    consoleWatch.assertClean();
    await context.close();
  });

  it("shows the upgrade panel for a tenant without CTEM", async () => {
    const context = await newContext(browser, { storageState: state, viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    await page.goto(`${base}/`);
    await page.evaluate((id) => localStorage.setItem("watchfloor.tenant", JSON.stringify({ tenantId: id })), bareId);
    await page.goto(`${base}/ctem`);
    await page.getByTestId("module-access").waitFor();
    expect(await page.getByTestId("scope-list").count()).toBe(0);
    expect(await page.getByTestId("ctem-empty").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    consoleWatch.assertClean();
    await context.close();
  });
});
