import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../server/src/test/smtp-sink";
import { advanceServerClock } from "./support/alerts";
import { axeViolations, launchBrowser, newContext, screenshot, signUpFirstUser, watchConsole } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Report schedules (issue 14) in the browser against a real SMTP server on loopback: an owner
 * creates a schedule (field errors first), the server clock moves past its time, the mail with
 * the PDF arrives, and the schedule shows it sent with the report in the archive.
 */
let sink: SmtpSink;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  sink = await startSmtpSink();
  [server, browser] = await Promise.all([
    startServer({ WATCHFLOOR_SMTP_URL: sink.url, WATCHFLOOR_TEST_CLOCK: "1" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

async function checkAxe(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations)}`).toEqual([]);
}

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe("report schedules", () => {
  it("creates a schedule, and the mail with the PDF arrives once the clock passes its time", async () => {
    const context = await newContext(browser, { viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    await signUpFirstUser(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/reports`);
    await page.getByTestId("schedules-empty").waitFor();

    // Twenty minutes from now (UTC), so the clock moves less than a session's idle limit.
    const at = hhmm(Date.now() + 20 * 60_000);
    await page.getByRole("button", { name: "New schedule" }).click();
    const dialog = page.getByRole("dialog", { name: "New report schedule" });
    await dialog.getByLabel("Name", { exact: true }).fill("Daily executive for Tenant A");
    await dialog.getByLabel("Report", { exact: true }).selectOption("executive");
    await dialog.getByRole("checkbox", { name: "Tenant A" }).check();
    await dialog.getByLabel("Repeat", { exact: true }).selectOption("daily");
    await dialog.getByLabel("At", { exact: true }).fill(at);
    await dialog.getByLabel("Time zone").selectOption("UTC");
    await dialog.getByLabel("Recipients").fill("ciso@example.test, not-an-address");
    await checkAxe(page, "new schedule dialog");
    await screenshot(page, "report-schedule-form-1400");
    await dialog.getByRole("button", { name: "Create schedule" }).click();
    await dialog.getByText("Invalid email address").waitFor();
    await dialog.getByLabel("Recipients").fill("ciso@example.test, soc-lead@example.test");
    await dialog.getByRole("button", { name: "Create schedule" }).click();
    await dialog.waitFor({ state: "hidden" });

    const row = page.getByTestId("schedule-row").filter({ hasText: "Daily executive for Tenant A" });
    await row.waitFor();
    expect(await row.textContent()).toContain(`Daily at ${at} (UTC)`);
    expect(await row.textContent()).toContain("Not run yet");
    await checkAxe(page, "/reports with a schedule");

    await advanceServerClock(page, server.baseUrl, 21);
    const [mail] = await sink.waitFor(1, 60_000);
    expect(mail?.subject).toContain("Daily executive for Tenant A");
    const attachment = mail?.attachments[0];
    expect(attachment?.filename).toMatch(/^watchfloor-executive-tenant-a-.+\.pdf$/);
    const dir = mkdtempSync(path.join(tmpdir(), "wf-schedule-e2e-"));
    const file = path.join(dir, "mailed.pdf");
    writeFileSync(file, attachment?.content as Buffer);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    expect(text).toContain("Executive report: Tenant A");

    await page.reload();
    const sent = page.getByTestId("schedule-row").filter({ hasText: "Daily executive for Tenant A" });
    await sent.getByText("Sent", { exact: true }).waitFor();
    await page.getByTestId("archive-row").filter({ hasText: "Tenant A" }).first().waitFor();
    expect(sink.messages).toHaveLength(1);
    await checkAxe(page, "/reports after the run");
    await screenshot(page, "report-schedules-1400");
    await page.setViewportSize({ width: 800, height: 900 });
    await page.reload();
    const narrow = page.getByTestId("schedule-row").filter({ hasText: "Daily executive for Tenant A" });
    await narrow.scrollIntoViewIfNeeded();
    await checkAxe(page, "/reports at 800 px");
    await screenshot(page, "report-schedules-800");
    consoleWatch.assertClean();
    await context.close();
  });
});
