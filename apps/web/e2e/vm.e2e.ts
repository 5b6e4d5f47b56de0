import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, openAs, signUpAndKeep } from "./support/browser";
import { checkPage, listSettled } from "./support/findings";
import { repoRoot, type RunningServer, startServer } from "./support/server";

/**
 * VM over the shared Trivy report (five vulnerabilities, each with its own fixed version),
 * imported as three images into a tenant of its own (the demo tenants hold generated findings),
 * which the tenant picker selects: 15 open findings, five fix groups of three. The API test
 * (apps/server/src/features/vm/vm.api.test.ts) checks the same figures.
 */
const trivy = path.resolve(repoRoot, "../shared/data/vulnscans/trivy/scheme_2_many_vulns.json");
const report = JSON.parse(readFileSync(trivy, "utf8")) as {
  Results: { Vulnerabilities?: { PkgName: string }[] }[];
};
const FREETYPE = "Upgrade freetype to 2.9.1-r3";
const images = ["shop/web:1", "shop/web:2", "shop/api:1"];

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
let tenantA: string;

async function importScan(page: Page, artifact: string, drop: string[] = []) {
  const { csrf } = await sessionFacts(page, base);
  const body = {
    ...report,
    ArtifactName: artifact,
    Results: report.Results.map((r) => ({ ...r, Vulnerabilities: r.Vulnerabilities?.filter((v) => !drop.includes(v.PkgName)) })),
  };
  const response = await page.request.post(`${base}/api/v1/imports/findings?tenantId=${tenantA}`, {
    data: Buffer.from(JSON.stringify(body)),
    headers: { "content-type": "application/octet-stream", "x-csrf-token": csrf },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { fixed: number };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base, async (page) => {
    const { csrf } = await sessionFacts(page, base);
    const created = await page.request.post(`${base}/api/v1/tenants`, {
      data: { name: "VM Shop", slug: "vm-shop", modules: ["vm"] },
      headers: { "x-csrf-token": csrf },
    });
    expect(created.status(), await created.text()).toBe(201);
    tenantA = ((await created.json()) as { id: string }).id;
    // The tenant picker's stored choice: every page of this spec shows VM Shop alone.
    await page.evaluate((id) => localStorage.setItem("watchfloor.tenant", JSON.stringify({ tenantId: id })), tenantA);
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (pathAndQuery = "/vm", width = 1280) => openAs(browser, state, `${base}${pathAndQuery}`, width);

const vmReady = async (page: Page) => {
  await page.getByTestId("vm-figures").waitFor();
  await page.getByTestId("fix-groups").waitFor();
};

describe("vm", () => {
  it("says no findings are imported yet and links to the scanner import", async () => {
    const { context, page, consoleWatch } = await open();
    await page.getByRole("heading", { level: 1, name: "Vulnerability management" }).waitFor();
    await page.getByTestId("vm-empty").waitFor();
    expect(await page.getByRole("link", { name: "Import a scanner report" }).getAttribute("href")).toBe(
      "/dashboard/risk/vulnerabilities/import",
    );
    expect(await axeViolations(page)).toEqual([]);
    consoleWatch.assertClean();
    await context.close();
  });

  it("opens VM, follows figures to the list, starts a campaign from a fix group and sees a later scan's progress", async () => {
    const { context, page, consoleWatch } = await open();
    for (const image of images) await importScan(page, image);
    await page.reload();
    await vmReady(page);
    expect(await page.getByTestId("vm-figure-open").textContent()).toBe("15");
    expect(await page.getByTestId("fix-group-row").count()).toBe(5);
    await checkPage(page, "vm", vmReady);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A figure opens the vulnerable-asset list with the same filter.
    await page.getByRole("link", { name: "Open findings: 15, open the list" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/risk/vulnerabilities" && u.searchParams.get("view") === "open");
    await listSettled(page);
    expect(await page.getByTestId("finding-row").count()).toBe(15);
    await page.goBack();
    await vmReady(page);
    // So does a fix group's count: the list shows the three findings the fix closes, with its chip.
    await page.getByRole("link", { name: "3 findings this fix closes" }).first().click();
    await page.waitForURL((u) => u.searchParams.has("fix"));
    await listSettled(page);
    const fix = new URL(page.url()).searchParams.get("fix") ?? "";
    expect(await page.getByTestId("finding-row").count()).toBe(3);
    await page.getByRole("button", { name: new RegExp(`Remove filter Fix: ${fix.slice(0, 20)}`) }).waitFor();
    await page.goBack();
    await vmReady(page);

    // Start a campaign from the freetype fix group.
    await page.getByRole("button", { name: `Start campaign: ${FREETYPE}` }).click();
    const form = page.getByTestId("start-campaign-form");
    await form.waitFor();
    await form.getByLabel("Name").fill("Freetype everywhere");
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Start campaign" }).click();
    await page.waitForURL((u) => u.searchParams.has("campaign"));
    const detail = page.getByTestId("campaign-detail");
    await detail.waitFor();
    await detail.getByText("0 of 3 fixed (0%)").waitFor();

    // A later scan of one image no longer reports freetype: the campaign shows it fixed.
    expect(await importScan(page, images[0] ?? "", ["freetype"])).toMatchObject({ fixed: 1 });
    await page.reload();
    await page.getByTestId("campaign-detail").getByText("1 of 3 fixed (33%)").waitFor();
    expect(await page.getByTestId("campaign-fixed").textContent()).toBe("1");
    expect(await page.getByTestId("burndown-caption").textContent()).toContain("2 on");
    expect(await page.getByTestId("vm-figure-open").textContent()).toBe("14");

    // Accept the krb5 fix group's risk for a while: its three findings leave the backlog and count apart.
    await page.getByRole("button", { name: "Accept risk: Upgrade krb5-libs to 1.15.5-r1" }).click();
    const accept = page.getByTestId("accept-risk-form");
    await accept.getByLabel("Reason").fill("Build hosts only, no network access");
    expect(await axeViolations(page)).toEqual([]);
    await accept.getByRole("button", { name: "Accept risk" }).click();
    await page.getByTestId("acceptance-row").getByText("Build hosts only, no network access").waitFor();
    await expect.poll(() => page.getByTestId("vm-figure-open").textContent()).toBe("11");
    expect(await page.getByTestId("acceptance-row").textContent()).toContain("3 findings · approved by");
    await checkPage(page, "vm-campaign", async (p) => {
      await vmReady(p);
      await p.getByTestId("campaign-detail").waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  }, 240_000);

  it("shows loading, then the server's error with a retry", async () => {
    const { context, page } = await open("/dashboard");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/vm/overview", async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "internal", message: "The programme view is down.", requestId: "x" }),
      });
    });
    await page.goto(`${base}/vm`);
    await page.getByText("Loading vulnerability management…").waitFor();
    release();
    await page.getByText("Could not load vulnerability management").waitFor({ timeout: 15_000 });
    await page.getByText("The programme view is down.").waitFor();
    await page.getByRole("button", { name: "Retry" }).waitFor();
    await context.close();
  });
});
