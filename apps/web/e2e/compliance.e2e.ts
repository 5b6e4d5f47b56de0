import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import { launchBrowser, openAs, signUpAndKeep } from "./support/browser";
import { checkPage } from "./support/findings";
import { repoRoot, type RunningServer, startServer } from "./support/server";

const data = path.resolve(repoRoot, "../shared/data/compliance");
const fixtures = path.join(repoRoot, "apps/server/src/importers/compliance/fixtures");
const prowler = path.join(data, "prowler/prowler_example_output_aws.csv");
const firstScan = readFileSync(path.join(fixtures, "xccdf-1.2-results.xml"), "utf8");
// A month later: AIDE now installed (fixed), root login over SSH now allowed (newly failing).
const laterScan = firstScan
  .replace('end-time="2024-05-02T10:01:30+00:00"', 'end-time="2024-06-02T10:01:30+00:00"')
  .replace(
    '<result>fail</result>\n      <message severity="info">package aide is not installed</message>',
    "<result>pass</result>",
  )
  .replace(/(content_rule_sshd_disable_root_login"[^>]*>\s*)<result>pass<\/result>/, "$1<result>fail</result>");

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
let scratch: string;
let tenantB: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  scratch = mkdtempSync(path.join(tmpdir(), "wf-compliance-e2e-"));
  writeFileSync(path.join(scratch, "web-01-may.xml"), firstScan);
  writeFileSync(path.join(scratch, "web-01-june.xml"), laterScan);
  state = await signUpAndKeep(browser, base, async (page) => {
    tenantB = (await sessionFacts(page, base)).tenant("Tenant B");
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const open = (pathAndQuery: string) => openAs(browser, state, `${base}${pathAndQuery}`);

/** Uploads a file on the import page into Tenant B and waits for the report. */
async function importFile(page: Page, file: string) {
  await page.getByLabel("Tenant", { exact: true }).selectOption(tenantB);
  await page.getByLabel("Results file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload and import" }).click();
  await page.getByTestId("import-scans").waitFor();
  return page.getByTestId("stat-results-stored").textContent();
}

describe("compliance", () => {
  it("imports Prowler and OpenSCAP results in the browser, scores frameworks, and accepts a failing control as an exception", async () => {
    const { context, page, consoleWatch } = await open("/compliance/import");
    expect(await importFile(page, prowler)).toBe("4");
    expect(await importFile(page, path.join(scratch, "web-01-may.xml"))).toBe("3");

    await page.goto(`${base}/compliance/cloud`);
    const cis = page.getByTestId("framework-cis");
    await cis.waitFor();
    expect(await cis.textContent()).toContain("CIS Benchmarks");
    expect(await page.getByTestId("targets-summary").textContent()).toMatch(/^1 cloud account;/);
    await checkPage(page, "compliance-cloud", async (p) => {
      await p.getByTestId("framework-cis").waitFor();
      await p.getByTestId("breakdown-service").waitFor();
    });

    // The most severe failing control, across targets.
    const failing = await (await page.request.get(`${base}/api/v1/compliance/failing?targetKind=cloud-account`)).json();
    const title = failing.items[0].title as string;
    await page.getByTestId("failing-controls").getByRole("link").first().click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByTestId("control-mappings").waitFor();
    const row = page.getByTestId("result-row").first();
    await row.getByRole("button", { name: /^Show evidence of/ }).click();
    await page.getByRole("button", { name: "Accept as exception" }).click();
    const dialog = page.getByRole("dialog", { name: "Accept as exception" });
    await dialog.getByLabel("Reason").fill("Contacts are kept by the parent organisation for every account; see ticket SEC-142.");
    await dialog.getByRole("button", { name: "Accept exception" }).click();
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Excepted").waitFor();
    await page.getByTestId("exceptions-table").getByText("see ticket SEC-142", { exact: false }).waitFor();
    await checkPage(page, "compliance-control", async (p) => {
      await p.getByTestId("exceptions-table").waitFor();
    });
    // The same figure the API gives: one excepted result, counted apart.
    expect(await page.getByTestId("stat-excepted").textContent()).toBe("1");
    const excepted = await (await page.request.get(`${base}/api/v1/compliance/results?excepted=true`)).json();
    expect(excepted.total).toBe(1);
    consoleWatch.assertClean();
    await context.close();
  });

  it("a later scan of the host shows what became failing and what was fixed", async () => {
    const { context, page, consoleWatch } = await open("/compliance/import");
    expect(await importFile(page, path.join(scratch, "web-01-june.xml"))).toBe("3");
    await page.goto(`${base}/compliance/agent`);
    await page.getByTestId("targets-table").getByRole("link", { name: "web-01.example.test" }).click();
    const summary = page.getByTestId("drift-summary");
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/1 newly failing, 1 fixed, 0 still failing/);
    expect(await page.getByTestId("drift-newly-failing").textContent()).toContain("sshd_disable_root_login");
    expect(await page.getByTestId("scan-history").locator("tbody tr").count()).toBe(2);
    await checkPage(page, "compliance-host", async (p) => {
      await p.getByTestId("drift-summary").waitFor();
    });
    await page.goto(`${base}/compliance/agent`);
    await checkPage(page, "compliance-agent", async (p) => {
      await p.getByTestId("targets-table").waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  });
  it("shows the PCI DSS and GDPR tags of Wazuh alerts as alert activity beside the framework scores", async () => {
    const { context, page, consoleWatch } = await open("/compliance/cloud");
    // Two Wazuh alerts of today with the compliance tags Wazuh's rules carry.
    const now = Date.now();
    const lines = [0, 1].map((i) =>
      JSON.stringify({
        timestamp: new Date(now - (i + 1) * 3_600_000).toISOString().replace("Z", "+0000"),
        id: `e2e-compliance-${now}-${i}`,
        rule: {
          level: 5,
          description: "sshd: authentication failed",
          id: "5716",
          pci_dss: ["10.2.4", "10.2.5"],
          gdpr: ["IV_35.7.d"],
        },
        agent: { id: "001", name: "web-01" },
        full_log: "Failed password for root from 203.0.113.7 port 22 ssh2",
      }),
    );
    const { csrf } = await sessionFacts(page, base);
    const response = await page.request.post(`${base}/api/v1/imports/alerts?tenantId=${tenantB}&format=wazuh`, {
      headers: { "content-type": "application/octet-stream", "x-csrf-token": csrf },
      data: lines.join("\n"),
    });
    expect(response.status()).toBe(200);
    await page.reload();
    const pci = page.getByTestId("framework-pci-dss-4.0");
    await pci.getByText("2 alerts tagged in 30 days").waitFor();
    await pci.click();
    const tags = page.getByTestId("alert-only-requirements");
    await tags.getByText("10.2.4").waitFor();
    await tags.getByText("10.2.5").waitFor();
    await checkPage(page, "compliance-alert-activity", async (p) => {
      await p.getByTestId("alert-only-requirements").waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  });
});
