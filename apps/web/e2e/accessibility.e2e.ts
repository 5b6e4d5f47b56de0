import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths } from "../src/config/paths";
import { axeViolations, launchBrowser, newContext, screenshot, signUpFirstUser } from "./support/browser";
import { sessionFacts } from "./support/alerts";
import { repoRoot, type RunningServer, startServer } from "./support/server";

/**
 * Issue 21: axe on every route of the web app at 1400 and 375 px, signed in with the demo data.
 * The routes come from config/paths.ts, so a new module's pages are checked as soon as they
 * are given a path; a path parameter this spec cannot fill fails the test until it can.
 */
let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
const ids: Record<string, string> = {};

// Pages that are not the product's own or not signed-in pages.
const SKIP = new Set<string>([paths.home, paths.login, paths.signup, paths.apiDocs]);

function allPaths(node: unknown): string[] {
  if (typeof node === "string") return [node];
  return Object.values(node as Record<string, unknown>).flatMap(allPaths);
}

async function firstId(page: Page, url: string): Promise<string> {
  const response = await page.request.get(`${base}${url}`);
  const body = (await response.json()) as { items?: { id: string }[] };
  const id = body.items?.[0]?.id;
  if (!id) throw new Error(`no item from ${url} to fill a path parameter`);
  return id;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  const context = await newContext(browser);
  const page = await context.newPage();
  await signUpFirstUser(page, base);
  state = await context.storageState();
  ids.alertId = await firstId(page, "/api/v1/alerts?limit=1");
  ids.incidentId = await firstId(page, "/api/v1/incidents?limit=1");
  ids.findingId = await firstId(page, "/api/v1/findings?limit=1");
  ids.assetId = await firstId(page, "/api/v1/assets?limit=1");
  // Compliance pages need a scan: the shared Prowler sample, imported into Tenant A.
  const { csrf, tenant } = await sessionFacts(page, base);
  ids.tenantId = tenant("Tenant A");
  const imported = await page.request.post(`${base}/api/v1/imports/compliance?tenantId=${ids.tenantId}`, {
    data: readFileSync(path.resolve(repoRoot, "../shared/data/compliance/prowler/prowler_example_output_aws.csv")),
    headers: { "x-csrf-token": csrf, "content-type": "application/octet-stream" },
  });
  expect(imported.status()).toBe(200);
  const result = (
    (await (await page.request.get(`${base}/api/v1/compliance/results?result=fail&limit=1`)).json()) as {
      items: { tool: string; controlId: string; targetKind: string; targetId: string }[];
    }
  ).items[0];
  if (!result) throw new Error("no compliance result to fill the compliance paths");
  // The automation rule pages need a rule.
  const rule = await page.request.post(`${base}/api/v1/automation/rules`, {
    data: {
      tenantIds: [ids.tenantId],
      name: "Tag axe alerts",
      trigger: "alert.created",
      condition: { field: "name", op: "contains", value: "axe" },
      actions: [{ type: "addTags", tags: ["axe"] }],
    },
    headers: { "x-csrf-token": csrf },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  ids.ruleId = ((await rule.json()) as { id: string }).id;
  // The Sigma rule page needs a rule: one shared rule, imported into Tenant A.
  const sigmaRule = await page.request.post(`${base}/api/v1/detections/rules/import?tenantId=${ids.tenantId}&filename=rule.yml`, {
    data: readFileSync(path.resolve(repoRoot, "../shared/data/alerts/sigma/proc_creation_win_dirlister_execution.yml")),
    headers: { "x-csrf-token": csrf, "content-type": "application/octet-stream" },
  });
  expect(sigmaRule.status()).toBe(200);
  ids.detectionRuleId = await firstId(page, "/api/v1/detections/rules");
  Object.assign(ids, {
    tool: result.tool,
    controlId: result.controlId,
    targetKind: result.targetKind,
    targetId: result.targetId,
  });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function fill(path: string): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`no value for :${name} in ${path}; add one to accessibility.e2e.ts`);
    return encodeURIComponent(id);
  });
}

describe("axe on every route", () => {
  const routes = [...new Set(allPaths(paths))].filter((p) => !SKIP.has(p)).sort();

  for (const width of [1400, 375]) {
    it(`has no serious or critical violations at ${width}px`, { timeout: 600_000 }, async () => {
      expect(routes.length).toBeGreaterThan(25);
      const context = await newContext(browser, { viewport: { width, height: 860 }, storageState: state });
      const page = await context.newPage();
      const failures: string[] = [];
      for (const route of routes) {
        await page.goto(`${base}${fill(route)}`);
        await page.locator("main h1").first().waitFor();
        // Wait for the page's data (spinners are announced with role=status).
        await page.waitForLoadState("networkidle");
        const violations = await axeViolations(page);
        for (const v of violations) failures.push(`${route} @${width}: ${v.id} (${v.impact}) ${v.nodes.join(", ")}`);
      }
      await screenshot(page, `axe-last-route-${width}`);
      await context.close();
      expect(failures).toEqual([]);
    });
  }
});
