/// <reference lib="dom" />
import { mkdirSync } from "node:fs";
import path from "node:path";
import axe from "axe-core";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { webDir } from "./server";

export const widths = [375, 800, 1100, 1400] as const;
export const screenshotDir = path.join(webDir, "test-results", "screenshots");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

type ContextOptions = {
  viewport?: { width: number; height: number };
  userAgent?: string;
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
};

/** bypassCSP lets the axe helper inject its script; the app itself never relies on it. */
export function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: options.viewport ?? { width: 1400, height: 900 },
    userAgent: options.userAgent,
    storageState: options.storageState,
    bypassCSP: true,
  });
}

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * A new page for a signed-in person (`state`) at `width` × 900, watching the console, on `url`;
 * `before` runs ahead of the first load (an init script, a route).
 */
export async function openAs(
  browser: Browser,
  state: StorageState,
  url: string,
  width = 1400,
  before?: (page: Page) => Promise<unknown>,
) {
  const context = await newContext(browser, { storageState: state, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await before?.(page);
  const consoleWatch = watchConsole(page);
  await page.goto(url);
  return { context, page, consoleWatch };
}

/**
 * Signs the first person up on a fresh server, lets `setup` prepare data with that page, and
 * returns the signed-in session for every test of the spec to reuse.
 */
export async function signUpAndKeep(browser: Browser, base: string, setup?: (page: Page) => Promise<void>) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signUpFirstUser(page, base);
  await setup?.(page);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Collects console errors and uncaught page errors; call `assertClean()` at the end of a test. */
export function watchConsole(page: Page, ignore: RegExp[] = []) {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    // A 4xx the app handles (wrong password, 403...) is logged by Chromium as a failed resource.
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    if (ignore.some((r) => r.test(text))) return;
    errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return {
    errors,
    assertClean() {
      if (errors.length) throw new Error(`browser console errors:\n${errors.join("\n")}`);
    },
  };
}

export const password = "correct-horse-battery-9";

export async function signUpFirstUser(
  page: Page,
  baseUrl: string,
  user = { email: "owner@example.com", displayName: "Olivia Owner", jobTitle: "CISO" },
) {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel("Full name").fill(user.displayName);
  await page.getByLabel("Job title (optional)").fill(user.jobTitle);
  await page.getByLabel("Work e-mail").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard");
  await page.getByRole("heading", { name: "Security overview" }).waitFor();
  return { ...user, password };
}

export async function signIn(page: Page, baseUrl: string, email: string, pass = password) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(pass);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Runs axe in the page; returns only serious and critical violations. */
export async function axeViolations(page: Page) {
  // A colour-scheme switch starts `transition-colors` fades; axe must see the settled colours,
  // not a frame halfway between light and dark.
  // Two frames first: a transition the switch causes starts only at the next style recalc, and
  // getAnimations() would not list it yet.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
  await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(async () => {
    const w = window as unknown as { axe: typeof axe };
    const r = await w.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
  });
  return results.filter((v) => v.impact === "serious" || v.impact === "critical");
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}
