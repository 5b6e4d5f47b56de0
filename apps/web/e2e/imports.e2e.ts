import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, newContext, screenshot, signUpAndKeep, watchConsole } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

// Issue 20: an OCSF file sent to the alert import, its vulnerability findings routed to the
// findings store and its compliance results to the compliance store, shown in the import report.
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

async function shootAt(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForTimeout(600);
  await page.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
  await screenshot(page, name);
}

const ocsf = JSON.stringify([
  { class_uid: 2004, severity_id: 0, time: 1717243200000, finding_info: { uid: "e2e-det-1", title: "Unrated detection" } },
  {
    class_uid: 2002,
    severity_id: 4,
    time: 1717243200000,
    metadata: { product: { name: "Inspector" } },
    finding_info: { uid: "e2e-vul-1", title: "Vulnerable package" },
    device: { hostname: "e2e-web-1" },
    vulnerabilities: [{ title: "CVE-2023-0286 - openssl", severity: "High", cve: { uid: "CVE-2023-0286" } }],
  },
  {
    class_uid: 2003,
    severity_id: 3,
    time: 1717243200000,
    finding_info: { uid: "e2e-cis-1", title: "CIS 1.1" },
    cloud: { provider: "AWS", account: { uid: "111122223333" } },
    compliance: { control: "1.1", standards: ["CIS AWS Foundations Benchmark v1.4.0"], status_id: 3 },
  },
]);

describe("alert import of an OCSF file", () => {
  it("reports the alerts and the rows sent to the vulnerability findings and to the compliance results", async () => {
    const context = await newContext(browser, { storageState: state, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    await page.goto(`${base}/dashboard/incidents/import`);
    await page
      .getByLabel("File")
      .setInputFiles({ name: "securityhub.ocsf.json", mimeType: "application/json", buffer: Buffer.from(ocsf) });
    await page.getByRole("button", { name: "Upload and import" }).click();
    await page.getByTestId("import-report").waitFor();
    expect(await page.getByTestId("stat-created").textContent()).toBe("1");
    expect(await page.getByTestId("routed").textContent()).toContain(
      "1 row went to the vulnerability findings: 1 created, 0 updated, 0 rejected.",
    );
    expect(await page.getByTestId("routed").textContent()).toContain(
      "1 row went to the compliance results: 1 created, 0 updated, 0 rejected.",
    );
    expect(await page.getByTestId("findings").textContent()).toContain(
      "OCSF severity_id 0 (Unknown) has no priority; imported as Medium",
    );
    expect(await axeViolations(page)).toEqual([]);
    await shootAt(page, 1400, "import-ocsf-routed-1400");
    await shootAt(page, 800, "import-ocsf-routed-800");
    await shootAt(page, 375, "import-ocsf-routed-375");
    await page.getByTestId("routed").scrollIntoViewIfNeeded();
    await screenshot(page, "import-ocsf-routed-375-report");
    consoleWatch.assertClean();
    await context.close();
  });
});
