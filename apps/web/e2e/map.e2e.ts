import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import { axeViolations, launchBrowser, newContext, signUpAndKeep, watchConsole } from "./support/browser";
import { repoRoot, type RunningServer, startServer, webDir } from "./support/server";

const mapPath = "/dashboard/map";
const shots = path.join(repoRoot, ".tmp", "screenshots");
// The build the server serves (WATCHFLOOR_WEB_DIST when a run points it elsewhere).
const servedDist = process.env.WATCHFLOOR_WEB_DIST ?? path.join(webDir, "dist");

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
const created: Record<string, { id: string; reference: string }> = {};

type Site = { tenant: string; host: string; name: string; site: string; env: string | null; lat: number; lng: number };
// Sites of two demo tenants. The assets API is another feature's: these go straight into the inventory tables.
const sites: Site[] = [
  {
    tenant: "Tenant A",
    host: "srv-db-01",
    name: "srv-db-01",
    site: "Frankfurt DC",
    env: "On-premise",
    lat: 50.1109,
    lng: 8.6821,
  },
  {
    tenant: "Tenant A",
    host: "ws-fin-42",
    name: "ws-fin-42",
    site: "London HQ",
    env: "On-premise",
    lat: 51.5072,
    lng: -0.1276,
  },
  { tenant: "Tenant A", host: "vm-web-7", name: "vm-web-7", site: "AWS eu-west-1", env: "Cloud", lat: 53.3498, lng: -6.2603 },
  { tenant: "Tenant A", host: "vm-api-3", name: "vm-api-3", site: "Azure West US 2", env: "Cloud", lat: 47.2343, lng: -119.8526 },
  {
    tenant: "Tenant A",
    host: "ws-sg-0007",
    name: "ws-sg-0007",
    site: "Singapore office",
    env: "Hybrid",
    lat: 1.3521,
    lng: 103.8198,
  },
  {
    tenant: "Tenant B",
    host: "ws-sp-0110",
    name: "ws-sp-0110",
    site: "São Paulo office",
    env: "Hybrid",
    lat: -23.5505,
    lng: -46.6333,
  },
  {
    tenant: "Tenant B",
    host: "srv-erp-02",
    name: "srv-erp-02",
    site: "Madrid DC",
    env: "On-premise",
    lat: 40.4168,
    lng: -3.7038,
  },
];

// [key, tenant, title, priority, alert fields, root cause]
const incidents: [string, string, string, string, Record<string, unknown>, string?][] = [
  ["db", "Tenant A", "Ransomware precursor on the customer database", "Critical", { hostname: "srv-db-01.corp.example" }],
  ["db2", "Tenant A", "Unsigned driver loaded on a database server", "High", { hostname: "srv-db-01" }],
  [
    "dbmisconf",
    "Tenant A",
    "Backup share opened to everyone",
    "Medium",
    { hostname: "srv-db-01" },
    "Misconfiguration of share permissions",
  ],
  ["london", "Tenant A", "Credential dumping on a finance workstation", "High", { hostname: "ws-fin-42" }],
  ["insider", "Tenant A", "Payroll export sent to personal storage", "Critical", { hostname: "ws-fin-42" }, "Malicious insider"],
  ["web", "Tenant A", "Web shell on the public storefront", "Critical", { hostname: "vm-web-7", srcIp: "10.20.1.4" }],
  ["api", "Tenant A", "Cloud console login without MFA", "High", { hostname: "vm-api-3" }],
  ["sg", "Tenant A", "Laptop lost in a taxi", "Medium", { hostname: "ws-sg-0007" }, "Insider error"],
  ["sp", "Tenant B", "Macro attachment opened in the sales team", "High", { hostname: "ws-sp-0110" }],
  ["erp", "Tenant B", "ERP service account added to domain admins", "High", { hostname: "srv-erp-02" }],
  ["spray", "Tenant B", "Password spraying against the VPN", "High", { srcIp: "185.220.101.4" }],
  ["private", "Tenant B", "Port scan from the guest Wi-Fi", "Low", { srcIp: "192.168.40.12" }],
];

function seedAssets(tenantIdOf: (name: string) => string) {
  const db = new Database(path.join(server.dataDir, "watchfloor.db"));
  db.pragma("busy_timeout = 5000");
  const now = Date.now();
  const asset = db.prepare(
    `insert into assets (id, tenant_id, asset_key, name, type, department, business_impact, client_environment, site, latitude, longitude, owner, internet_facing, created_at, updated_at, first_seen, last_seen)
     values (?, ?, ?, ?, 'Server', null, 'High', ?, ?, ?, ?, null, 0, ?, ?, ?, ?)`,
  );
  const identity = db.prepare("insert into asset_identities (tenant_id, asset_id, kind, value) values (?, ?, 'hostname', ?)");
  sites.forEach((s, i) => {
    const id = randomUUID();
    asset.run(id, tenantIdOf(s.tenant), `ASSET-${9000 + i}`, s.name, s.env, s.site, s.lat, s.lng, now, now, now, now);
    identity.run(tenantIdOf(s.tenant), id, s.host);
  });
  db.close();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base, async (page) => {
    const { csrf, tenant } = await sessionFacts(page, base);
    seedAssets(tenant);
    for (const [key, tenantName, title, priority, fields, rootCause] of incidents) {
      const alert = await page.request.post(`${base}/api/v1/alerts?tenantId=${tenant(tenantName)}`, {
        data: { source: "e2e", sourceId: `map-${key}`, name: title, priority, ...fields },
        headers: { "x-csrf-token": csrf },
      });
      expect(alert.ok()).toBe(true);
      const response = await page.request.post(`${base}/api/v1/incidents`, {
        data: { tenantId: tenant(tenantName), title, priority, alertIds: [(await alert.json()).id] },
        headers: { "x-csrf-token": csrf },
      });
      expect(response.ok()).toBe(true);
      created[key] = (await response.json()).incident;
      if (rootCause) {
        const patched = await page.request.patch(`${base}/api/v1/incidents/${created[key]?.id}`, {
          data: { rootCause },
          headers: { "x-csrf-token": csrf },
        });
        expect(patched.ok()).toBe(true);
      }
    }
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(pathAndQuery = mapPath, width = 1400, colorScheme: "light" | "dark" = "light") {
  const context = await newContext(browser, { storageState: state, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme });
  const consoleWatch = watchConsole(page);
  await page.goto(`${base}${pathAndQuery}`);
  return { context, page, consoleWatch };
}

/** Markers drawn and no refetch running. */
async function mapReady(page: Page) {
  await page.getByTestId("map-summary").waitFor();
  await page.getByTestId("world-map").locator("svg path").first().waitFor();
  await page.waitForFunction(() => document.querySelector("[aria-busy=true]") === null);
}

const marker = (page: Page, name: string | RegExp) => page.getByTestId("map-marker").and(page.getByRole("button", { name }));
const markerCategories = (page: Page) =>
  page.getByTestId("map-marker").evaluateAll((ms) => ms.map((m) => m.getAttribute("data-category")));
const markerTotal = async (page: Page) =>
  (await page.getByTestId("map-marker").evaluateAll((ms) => ms.map((m) => Number(m.getAttribute("data-count"))))).reduce(
    (a, b) => a + b,
    0,
  );

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  // The sidebar and the map follow a new width with a short transition.
  await page.waitForTimeout(600);
  await page.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

describe("incident map", () => {
  it("is under Risk in the menu and linked from the dashboard with the same range", async () => {
    const { context, page, consoleWatch } = await open("/dashboard?range=30d");
    await page.getByTestId("open-map").click();
    await page.waitForURL((u) => u.pathname === mapPath && u.searchParams.get("range") === "30d");
    await page.getByRole("heading", { level: 1, name: "Incident Map" }).waitFor();
    expect(await page.getByRole("button", { name: /^30d/ }).getAttribute("aria-pressed")).toBe("true");
    await page.goto(`${base}/dashboard`);
    await page.getByRole("button", { name: "Risk" }).click();
    await page.getByTestId("docked-sidebar").getByRole("link", { name: "Incident Map" }).click();
    await page.waitForURL(`**${mapPath}`);
    await mapReady(page);
    consoleWatch.assertClean();
    await context.close();
  });

  it("lists the incidents at a clicked point, with links to their pages", async () => {
    const { context, page, consoleWatch } = await open();
    await mapReady(page);
    // The marker holding São Paulo: alone, or grouped with demo sites nearby at this zoom.
    const sp = page.locator('[data-testid=map-marker][data-names*="São Paulo office"]');
    await sp.click();
    const panel = page.getByTestId("map-panel");
    await panel.getByRole("heading", { level: 3, name: /^São Paulo office Hybrid · 1$/ }).waitFor();
    expect(await page.locator('[data-testid=map-marker][data-names*="São Paulo office"]').getAttribute("aria-pressed")).toBe(
      "true",
    );
    // Every incident of the opened marker is listed (well under the 100 per place limit here).
    const total = Number((await panel.getByText(/^\d+ incidents?$/).textContent())?.replace(/\D/g, ""));
    expect(await panel.getByTestId("map-incident").count()).toBe(total);
    await panel.getByText("Macro attachment opened in the sales team").waitFor();
    await panel.getByRole("link", { name: created.sp?.reference }).click();
    await page.waitForURL(`**/dashboard/incidents/cases/${created.sp?.id}`);
    consoleWatch.assertClean();
    await context.close();
  });

  it("groups overlapping places, opens the group with Enter and zooms until they separate", async () => {
    const { context, page, consoleWatch } = await open();
    await mapReady(page);
    // Frankfurt, London and Dublin sit within a few pixels of each other on the whole world.
    const europe = page
      .getByTestId("map-marker")
      .and(page.getByRole("button", { name: /locations grouped/ }))
      .first();
    const zoomBefore = Number(await page.getByTestId("world-map").getAttribute("data-zoom"));
    await europe.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("map-panel");
    await panel.getByRole("heading", { name: /\d+ locations/ }).waitFor();
    expect(await panel.getByRole("heading", { level: 3 }).count()).toBeGreaterThan(1);
    expect(Number(await page.getByTestId("world-map").getAttribute("data-zoom"))).toBeGreaterThan(zoomBefore);
    // Zoom and pan: buttons and keys, always back to the whole world.
    await page.getByRole("button", { name: "Show the whole world" }).click();
    expect(await page.getByTestId("world-map").getAttribute("data-zoom")).toBe("1.00");
    await page.getByRole("button", { name: "Zoom in" }).click();
    expect(await page.getByTestId("world-map").getAttribute("data-zoom")).toBe("1.60");
    await page.getByTestId("world-map").focus();
    await page.keyboard.press("+");
    expect(await page.getByTestId("world-map").getAttribute("data-zoom")).toBe("2.56");
    await page.keyboard.press("0");
    expect(await page.getByTestId("world-map").getAttribute("data-zoom")).toBe("1.00");
    consoleWatch.assertClean();
    await context.close();
  });

  it("hides a category from the legend and shows it again", async () => {
    const { context, page, consoleWatch } = await open();
    await mapReady(page);
    const external = page.getByTestId("map-legend").getByRole("button", { name: /^External Threat/ });
    expect(await page.getByTestId("map-legend").getByRole("button", { pressed: true }).count()).toBe(6);
    const total = await markerTotal(page);
    const externalCount = Number((await external.textContent())?.replace(/\D/g, ""));
    expect(externalCount).toBeGreaterThan(0);
    await external.click();
    expect(await external.getAttribute("aria-pressed")).toBe("false");
    expect(await markerCategories(page)).not.toContain("External Threat");
    expect(await markerTotal(page)).toBe(total - externalCount);
    await page.getByRole("button", { name: "Show all" }).click();
    expect(await markerTotal(page)).toBe(total);
    consoleWatch.assertClean();
    await context.close();
  });

  it("never places a private source address", async () => {
    const { context, page } = await open();
    const body = (await (
      await page.request.get(
        `${base}/api/v1/map/points?from=${new Date(Date.now() - 7 * 864e5).toISOString()}&to=${new Date(Date.now() + 6e4).toISOString()}`,
      )
    ).json()) as {
      points: { incidents: { id: string; via: string }[] }[];
    };
    const ids = body.points.flatMap((p) => p.incidents.map((i) => i.id));
    expect(ids).toContain(created.spray?.id);
    expect(ids).not.toContain(created.private?.id);
    expect(JSON.stringify(body)).not.toContain("192.168.40.12");
    await context.close();
  });

  it("says what feeds the map when a window has nothing, and offers a retry on errors", async () => {
    const { context, page, consoleWatch } = await open(`${mapPath}?from=2099-01-01&to=2099-01-31`);
    await page.getByText("No incidents with a known location in this window").waitFor();
    await page.getByTestId("map-empty").getByText("No incidents were created in 2099-01-01 to 2099-01-31.").waitFor();
    await page
      .getByTestId("map-feeds")
      .getByText(/placed by the site of the asset/)
      .waitFor();
    await page.getByTestId("world-map").locator("svg path").first().waitFor();
    await shoot(page, "map-empty-1400");
    await page.setViewportSize({ width: 800, height: 900 });
    await shoot(page, "map-empty-800");
    consoleWatch.assertClean();
    // Chromium logs the 500 below as a console error: that is the point of this part.
    await page.route("**/api/v1/map/points**", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "internal", message: "The map service is down.", requestId: "x" }),
      }),
    );
    await page.goto(`${base}${mapPath}?range=90d`);
    await page.getByText("Could not load the incident map").waitFor();
    await page.getByRole("button", { name: "Retry" }).waitFor();
    await context.close();
  });

  it("fits 375 to 1400 wide, passes axe in both themes, and is outside the dashboard's initial JS", async () => {
    for (const width of [1400, 1100, 800, 375]) {
      const { context, page, consoleWatch } = await open(mapPath, width);
      await mapReady(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${width}`).toBeLessThanOrEqual(0);
      const box = await page.getByTestId("world-map").boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(width >= 800 ? 400 : 300);
      await shoot(page, `map-overview-${width}`);
      if (width === 1400 || width === 800) {
        await marker(page, /^Frankfurt DC|locations grouped/)
          .first()
          .click();
        await page.getByTestId("map-panel").waitFor();
        await shoot(page, `map-panel-${width}`);
        expect(await axeViolations(page)).toEqual([]);
      }
      consoleWatch.assertClean();
      await context.close();
    }
    const dark = await open(mapPath, 1400, "dark");
    await mapReady(dark.page);
    await dark.page
      .getByRole("button", { name: /^Madrid DC|locations grouped/ })
      .first()
      .click();
    await shoot(dark.page, "map-panel-dark-1400");
    expect(await axeViolations(dark.page)).toEqual([]);
    await dark.context.close();

    // The dashboard's first load pulls no map code, and stays under 250 KB of gzipped JS (its
    // charts are a lazy chunk of their own, fetched after the first paint, so they do not count).
    const { context, page } = await open("/dashboard", 1400);
    const scripts = new Set<string>();
    page.on("response", (r) => {
      if (r.url().endsWith(".js")) scripts.add(new URL(r.url()).pathname);
    });
    await page.reload();
    await page.getByTestId("kpi-open-value").waitFor();
    const names = [...scripts].filter((n) => !/\/echarts?-/.test(n));
    expect(names.some((n) => n.includes("world-map"))).toBe(false);
    const gzipped = names.reduce((sum, n) => sum + gzipSync(readFileSync(path.join(servedDist, n))).length, 0);
    expect(gzipped / 1024).toBeLessThan(250);
    await context.close();
  });
});
