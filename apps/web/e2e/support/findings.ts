import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { sessionFacts } from "./alerts";
import { axeViolations } from "./browser";
import { repoRoot } from "./server";

const shots = path.join(repoRoot, ".tmp", "screenshots");

export type Row = {
  id: string;
  title: string;
  priority: string;
  score: number | null;
  status: string;
  assetKey: string;
  assetId: string;
};

/** Imports a shared scanner sample through the API, as a scheduled upload would. */
export async function importSample(page: Page, base: string, tenantId: string, file: string) {
  const { csrf } = await sessionFacts(page, base);
  const response = await page.request.post(
    `${base}/api/v1/imports/findings?tenantId=${encodeURIComponent(tenantId)}&filename=${encodeURIComponent(path.basename(file))}`,
    { data: readFileSync(file), headers: { "x-csrf-token": csrf, "content-type": "application/octet-stream" } },
  );
  if (!response.ok()) throw new Error(`import failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { created: number };
}

export async function apiFindings(page: Page, base: string, query: string): Promise<Row[]> {
  const response = await page.request.get(`${base}/api/v1/findings?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Row[] }).items;
}

/** Every matching row, page by page (the CSV export has no row limit). */
export async function allFindings(page: Page, base: string, query: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const response = await page.request.get(`${base}/api/v1/findings?${query}&limit=200${cursor ? `&cursor=${cursor}` : ""}`);
    const body = (await response.json()) as { items: Row[]; nextCursor: string | null };
    rows.push(...body.items);
    cursor = body.nextCursor ? encodeURIComponent(body.nextCursor) : null;
  } while (cursor);
  return rows;
}

/** The list shows its rows and nothing is loading or refreshing. */
export async function listSettled(page: Page) {
  await page.getByTestId("findings-table").waitFor();
  await page.waitForFunction(() => {
    const count = document.querySelector("[data-testid=row-count]")?.textContent ?? "";
    return count.startsWith("Showing") && !count.includes("refreshing");
  });
}

export const rowIds = (page: Page) =>
  page.locator("[data-testid=finding-row]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-finding-id") ?? ""));

/**
 * Axe in light and dark (no serious or critical); no sideways page scroll at 375, 1100, 1400 and
 * 800; screenshots at 1400 (light and dark) and 800.
 */
export async function checkPage(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await ready(page);
    const violations = await axeViolations(page);
    expect({ name, colorScheme, violations }).toEqual({ name, colorScheme, violations: [] });
  }
  mkdirSync(shots, { recursive: true });
  for (const [width, scheme] of [
    [375, "light"],
    [1100, "light"],
    [1400, "dark"],
    [1400, "light"],
    [800, "light"],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(600);
    await ready(page);
    // At 800 px wide tables scroll inside their card: neither the page nor its main area scrolls sideways.
    // The shell animates its width after a resize: give the layout a moment to settle first (up to
    // 10 s: on a loaded two-core machine 3 s was once not enough, with the sidebar still wide).
    await page
      .waitForFunction(
        () => {
          const main = document.querySelector("main");
          return document.documentElement.scrollWidth <= window.innerWidth && (!main || main.scrollWidth <= main.clientWidth);
        },
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    const overflow = await page.evaluate(() => {
      const main = document.querySelector("main");
      const page = document.documentElement.scrollWidth - window.innerWidth;
      const inMain = main ? main.scrollWidth - main.clientWidth : 0;
      if (page <= 0 && inMain <= 0) return { page: 0, main: 0 };
      // Name what sticks out (outside any scrolling box) so a failure says where to look.
      const limit = main?.getBoundingClientRect().right ?? window.innerWidth;
      const culprits = [...document.querySelectorAll("main *")]
        .filter((el) => el.getBoundingClientRect().right > limit + 1)
        .filter((el) => {
          for (let p = el.parentElement; p && p !== main; p = p.parentElement)
            if (getComputedStyle(p).overflowX !== "visible") return false;
          return true;
        })
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
      return { page, main: inMain, culprits };
    });
    expect({ name, width, overflow }).toEqual({ name, width, overflow: { page: 0, main: 0 } });
    if (width === 375 || width === 1100) continue;
    // The app scrolls inside <main>: grow the window to the content so the picture shows the whole page.
    const height = await page.evaluate(() => {
      const main = document.querySelector("main");
      main?.scrollTo(0, 0);
      return main ? Math.ceil(main.scrollHeight + main.getBoundingClientRect().top) : 900;
    });
    await page.setViewportSize({ width, height: Math.min(Math.max(height, 900), 1800) });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `${name}-${width}${scheme === "dark" ? "-dark" : ""}.png`) });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}
