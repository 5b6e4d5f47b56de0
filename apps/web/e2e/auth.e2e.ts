import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, newContext, password, signIn, signUpFirstUser, watchConsole } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("sign-up, sign-in and sign-out", () => {
  it("points to /signup when no account exists, and the bare pages pass axe", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    await page.goto(`${base}/login`);
    await expect(page.getByText("No account exists yet: ")).toBeTruthy();
    await page.getByText("create the first one").waitFor();
    // Bare: no sidebar navigation, no header.
    expect(await page.locator('nav[aria-label="Main"]').count()).toBe(0);
    expect(await page.locator("header").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${base}/signup`);
    await page.getByRole("heading", { name: "Create the first account" }).waitFor();
    for (const rule of ["At least 12 characters", "Not your e-mail address", "Not a commonly used password"]) {
      await page.getByText(rule).first().waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);

    // Field-level errors from the client-side check.
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Enter your name.").waitFor();
    await page.getByText("Use at least 12 characters.").waitFor();
    consoleWatch.assertClean();
    await context.close();
  });

  it("signs up the first user, signs out and back in, and keeps returnTo through the guard", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    await signUpFirstUser(page, base);

    // Sign out from the profile dropdown.
    await page.getByTestId("profile-trigger").click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("heading", { name: "Sign in to Watchfloor" }).waitFor();

    // Route guard: a deep link goes to /login?returnTo= and comes back after sign-in.
    await page.goto(`${base}/settings`);
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("returnTo") === "/settings");
    await page.getByLabel("E-mail").fill("owner@example.com");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/settings");
    await page.getByRole("heading", { name: "Settings" }).waitFor();

    // Off-site returnTo is ignored.
    await page.goto(`${base}/login?returnTo=//evil.example.com`);
    await page.waitForURL("**/dashboard");
    consoleWatch.assertClean();
    await context.close();
  });

  it("says sign-up needs an invitation once sign-up is closed", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    // Sign-up is closed after the first user unless opened: the page says so.
    await page.goto(`${base}/signup`);
    await page.getByText("Sign-up needs an invitation").waitFor();
    consoleWatch.assertClean();
    await context.close();
  });

  it("says wrong e-mail or password, then locks after five failures", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleWatch = watchConsole(page);
    await signIn(page, base, "owner@example.com", "not-the-password-1");
    await page.getByText("Wrong e-mail or password.").waitFor();
    for (let i = 0; i < 4; i++) {
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForTimeout(150);
    }
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /locked/i })
      .waitFor();
    // Even the right password is refused while locked.
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /locked/i })
      .waitFor();
    expect(page.url()).toContain("/login");
    consoleWatch.assertClean();
    await context.close();
  });
});
