import { mkdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:net";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  close,
  closedLoopbackPort,
  hasNmap,
  httpsServer,
  listen,
  scanLoopback,
  selfSignedCertificate,
  sshBannerServer,
} from "../../server/src/test/loopback-scan";
import { sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, openAs, signUpAndKeep } from "./support/browser";
import { repoRoot, type RunningServer, startServer } from "./support/server";

/**
 * The page against two real nmap scans of loopback (written to .tmp/, never committed): SSH, an
 * HTTPS port whose certificate has 10 days left, one whose certificate expired, and a port that
 * closes before the second scan while another opens.
 */
const day = 86_400_000;
const surfacePath = "/attack-surface";
const work = path.join(repoRoot, ".tmp", "attack-surface-e2e");
const shots = path.join(repoRoot, ".tmp", "screenshots");
const files = { first: path.join(work, "first-scan.xml"), second: path.join(work, "second-scan.xml") };
const ports = { ssh: 0, https: 0, expired: 0, goes: 0, comes: 0 };
const servers: Server[] = [];
let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;

async function scanTwice() {
  mkdirSync(work, { recursive: true });
  const now = Math.floor(Date.now() / 1000) * 1000;
  const fresh = selfSignedCertificate(new Date(now - day), new Date(now + 10 * day), {
    cn: "shop.watchfloor.test",
    dns: ["shop.watchfloor.test", "www.watchfloor.test"],
  });
  const stale = selfSignedCertificate(new Date(now - 400 * day), new Date(now - 3 * day), {
    cn: "legacy.watchfloor.test",
    dns: ["legacy.watchfloor.test"],
  });
  const [ssh, https, expired, goes] = [sshBannerServer(), httpsServer(fresh), httpsServer(stale), sshBannerServer()];
  servers.push(ssh, https, expired);
  [ports.ssh, ports.https, ports.expired, ports.goes] = [
    await listen(ssh),
    await listen(https),
    await listen(expired),
    await listen(goes),
  ];
  const scanned = [ports.ssh, ports.https, ports.expired, ports.goes];
  writeFileSync(files.first, await scanLoopback([...scanned, await closedLoopbackPort()]));
  await close(goes);
  const comes = sshBannerServer();
  servers.push(comes);
  ports.comes = await listen(comes);
  writeFileSync(files.second, await scanLoopback([...scanned, ports.comes]));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base, async (page) => {
    // A tenant of its own, picked in the tenant picker: the demo tenants' internet-facing assets stay out of view.
    const { csrf } = await sessionFacts(page, base);
    const created = await page.request.post(`${base}/api/v1/tenants`, {
      data: { name: "Surface Lab", slug: "surface-lab" },
      headers: { "x-csrf-token": csrf },
    });
    expect(created.ok()).toBe(true);
    const tenantId = ((await created.json()) as { id: string }).id;
    await page.evaluate((id) => localStorage.setItem("watchfloor.tenant", JSON.stringify({ tenantId: id })), tenantId);
  });
  if (hasNmap) await scanTwice();
}, 180_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => close(s)));
  await browser?.close();
  await server?.stop();
});

const open = (pathAndQuery = surfacePath, width = 1400) => openAs(browser, state, `${base}${pathAndQuery}`, width);

async function settled(page: Page) {
  await page.getByTestId("surface-status").waitFor();
  await page.waitForFunction(() => !document.querySelector("[data-testid=surface-status]")?.textContent?.includes("refreshing"));
}

/**
 * After a filter change the previous rows stay on screen until the new query starts, so "not
 * refreshing" alone can still show the old list: wait for the count the filter should give.
 */
async function expectCount(page: Page, selector: string, n: number) {
  await settled(page);
  await expect.poll(() => page.locator(selector).count(), { timeout: 10_000 }).toBe(n);
}

/** The whole page: main scrolls inside the shell, so the window grows to its height for the picture. */
async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  // The sidebar follows a new width with a short transition.
  await page.waitForTimeout(600);
  const size = page.viewportSize() ?? { width: 1400, height: 900 };
  const height = await page.evaluate(() => {
    const main = document.querySelector("main");
    return Math.max(window.innerHeight, (main?.scrollHeight ?? 0) + (main?.getBoundingClientRect().top ?? 0));
  });
  await page.setViewportSize({ width: size.width, height: Math.ceil(height) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
  await page.setViewportSize(size);
}

async function importScan(page: Page, file: string) {
  const form = page.locator("#import-scan");
  await form.getByLabel("Tenant").selectOption({ label: "Surface Lab" });
  await form.getByLabel("nmap XML file").setInputFiles(file);
  await form.getByRole("button", { name: "Upload and import" }).click();
  await page
    .getByTestId("scan-report")
    .getByText(`Imported ${path.basename(file)}`)
    .waitFor({ timeout: 30_000 });
}

const row = (page: Page, port: number) => page.locator(`[data-testid=exposure-row][data-port="${port}"]`);

describe("attack surface", () => {
  it("starts empty with the scan command, and says so accessibly", async () => {
    const { context, page, consoleWatch } = await open();
    await page.getByRole("heading", { level: 1, name: "Attack Surface" }).waitFor();
    await page.getByTestId("surface-empty").getByText("nmap -sV --script ssl-cert -oX scan.xml TARGETS").waitFor();
    await page.getByTestId("docked-sidebar").getByRole("link", { name: "Attack Surface" }).waitFor();
    await page.getByText("No scan imported yet.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    consoleWatch.assertClean();
    await context.close();
  });

  it.skipIf(!hasNmap)(
    `imports two real scans and highlights what is new${hasNmap ? "" : " (SKIPPED: nmap is not installed)"}`,
    async () => {
      const { context, page, consoleWatch } = await open();
      await page.getByRole("link", { name: "Import nmap scan" }).click();
      await importScan(page, files.first);
      await page.getByText("This is the first scan of this tenant").waitFor();
      await settled(page);
      expect(await page.locator("[data-testid=exposure-row]").count()).toBe(4);
      expect(await page.locator("[data-testid=exposure-row][data-new]").count()).toBe(0);
      expect(await row(page, ports.https).getByTestId("expiry-badge").textContent()).toMatch(/^Expires in (9|10) days$/);
      expect(await row(page, ports.expired).getByTestId("expiry-badge").textContent()).toBe("Expired");

      await importScan(page, files.second);
      await settled(page);
      await row(page, ports.comes).getByText("New", { exact: true }).waitFor();
      expect(await row(page, ports.comes).getAttribute("data-new")).toBe("true");
      expect(await page.locator("[data-testid=exposure-row][data-new]").count()).toBe(1);
      await page.locator(`[data-testid=closed-row][data-port="${ports.goes}"]`).getByText("Closed", { exact: true }).waitFor();
      expect(await page.getByTestId("surface-figure-new-value").textContent()).toBe("1");
      expect(await page.getByTestId("surface-figure-expired-value").textContent()).toBe("1");
      expect(await page.getByTestId("scan-history-item").count()).toBe(2);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, "attack-surface-1400");
      await page.setViewportSize({ width: 800, height: 900 });
      await shoot(page, "attack-surface-800");
      consoleWatch.assertClean();
      await context.close();
    },
  );

  it.skipIf(!hasNmap)("keeps filters in the URL: figures, chips, search and sort work from the keyboard", async () => {
    const { context, page, consoleWatch } = await open();
    await settled(page);
    await page.getByTestId("surface-figure-new").focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("newOnly") === "true");
    await expectCount(page, "[data-testid=exposure-row]", 1);
    await page.getByRole("button", { name: "Remove filter New since previous scan" }).press("Enter");
    await page.waitForURL((u) => !u.searchParams.has("newOnly"));

    await page.getByLabel("Search the attack surface").fill("legacy.watchfloor");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("q") === "legacy.watchfloor");
    await expectCount(page, "[data-testid=surface-asset]", 1);

    await page.goto(`${base}${surfacePath}?expiringDays=-1&sort=expiry`);
    await settled(page);
    expect(
      await page.locator("[data-testid=exposure-row]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-port"))),
    ).toEqual([String(ports.expired)]);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByLabel("Port", { exact: true }).fill("70000");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("A port is a whole number from 0 to 65535.").waitFor();
    await page.getByLabel("Port", { exact: true }).fill(String(ports.ssh));
    await page.getByLabel("Certificate", { exact: true }).selectOption("");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((u) => u.searchParams.get("port") === String(ports.ssh) && !u.searchParams.has("expiringDays"));
    await expectCount(page, "[data-testid=exposure-row]", 1);
    await page.getByLabel("Sort by").selectOption("name");
    await page.waitForURL((u) => u.searchParams.get("sort") === "name");
    consoleWatch.assertClean();
    await context.close();
  });

  it.skipIf(!hasNmap)("fits 375 pixels without scrolling the page sideways", async () => {
    const { context, page, consoleWatch } = await open(surfacePath, 375);
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, "attack-surface-375");
    expect(await axeViolations(page)).toEqual([]);
    consoleWatch.assertClean();
    await context.close();
  });

  it("shows loading, then the server's error with a retry", async () => {
    const { context, page } = await open("/dashboard");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/attack-surface?**", async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "internal", message: "The surface service is down.", requestId: "x" }),
      });
    });
    await page.route("**/api/v1/attack-surface", async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "internal", message: "The surface service is down.", requestId: "x" }),
      });
    });
    await page.goto(`${base}${surfacePath}`);
    await page.getByText("Loading the attack surface…").waitFor();
    release();
    await page.getByText("Could not load the attack surface").waitFor({ timeout: 15_000 });
    await page.getByText("The surface service is down.").waitFor();
    await page.getByRole("button", { name: "Retry" }).waitFor();
    await context.close();
  });

  // Runs without nmap: a small scan file, imported through the upload form (the kit's UploadForm)
  // into a demo tenant, so the Surface Lab tenant the tests above read stays as they left it.
  it("imports an nmap file through the form into the chosen tenant, shows the report and empties the file field", async () => {
    const { context, page, consoleWatch } = await open();
    const form = page.locator("#import-scan");
    const upload = form.getByRole("button", { name: "Upload and import" });
    expect(await upload.isDisabled()).toBe(true);
    await form.getByLabel("Tenant").selectOption({ label: "Tenant A" });
    const xml = `<nmaprun scanner="nmap" args="nmap -sV form" start="1700000000" version="7.93"><host><status state="up"/><address addr="81.2.69.161" addrtype="ipv4"/>
<hostnames><hostname name="form-upload.watchfloor.test" type="user"/></hostnames><ports><port protocol="tcp" portid="8443"><state state="open"/><service name="https"/></port></ports></host>
<runstats><finished time="1700000010"/><hosts up="1" down="0"/></runstats></nmaprun>`;
    await form
      .getByLabel("nmap XML file")
      .setInputFiles({ name: "form-scan.xml", mimeType: "application/xml", buffer: Buffer.from(xml) });
    await upload.click();
    const report = page.getByTestId("scan-report");
    await report.getByText("Imported form-scan.xml").waitFor({ timeout: 30_000 });
    expect(await report.getByTestId("stat-open-services").textContent()).toBe("1");
    expect(await report.getByTestId("stat-rejected-hosts").textContent()).toBe("0");
    expect(await form.getByLabel("nmap XML file").inputValue()).toBe("");
    expect(await upload.isDisabled()).toBe(true);
    consoleWatch.assertClean();
    await context.close();
  });
});
