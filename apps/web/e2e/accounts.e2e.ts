import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  launchBrowser,
  newContext,
  password,
  screenshot,
  signIn,
  signUpFirstUser,
  watchConsole,
} from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let browser: Browser;
let base: string;

/** Waits until no loading indicator is on screen, so axe sees the finished page. */
const settled = (page: Page) => page.waitForFunction(() => !document.querySelector("main [role=status] .animate-spin"));

const otherBrowser = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("accounts, notifications, invitations and administration", () => {
  it("notifies the owner of a sign-in from a new device", async () => {
    const first = await newContext(browser);
    const page1 = await first.newPage();
    const watch1 = watchConsole(page1);
    await signUpFirstUser(page1, base);

    const second = await newContext(browser, { userAgent: otherBrowser });
    const page2 = await second.newPage();
    const watch2 = watchConsole(page2);
    await signIn(page2, base, "owner@example.com");
    await page2.waitForURL("**/dashboard");
    const badge = page2.getByTestId("unread-badge");
    await badge.waitFor();
    // The demo data's quiet sources may tell the owner too (MDR source health), at any moment:
    // look at this notice, not at the count.
    await page2.getByTestId("notifications-trigger").click();
    const item = page2.getByTestId("notification-item").filter({ hasText: "New sign-in from Firefox" });
    await item.waitFor();
    await item.getByRole("button", { name: "Mark read" }).click();
    await item.getByRole("button", { name: "Mark read" }).waitFor({ state: "detached" });

    // The first browser sees its other session on the profile page and can sign it out.
    await page1.goto(`${base}/profile`);
    await page1.getByText("This device").waitFor();
    expect(await page1.getByTestId("session-row").count()).toBe(2);
    await page1.getByText("Firefox on Windows").waitFor();
    await page1.getByRole("button", { name: "Sign out other sessions" }).click();
    await page1.getByText("Signed out 1 other session(s).").waitFor();
    expect(await page1.getByTestId("session-row").count()).toBe(1);

    // The revoked browser is sent to /login on its next data call.
    await page2.goto(`${base}/notifications`);
    await page2.waitForURL((url) => url.pathname === "/login");
    watch1.assertClean();
    watch2.assertClean();
    await first.close();
    await second.close();
  });

  it("invites an analyst to Tenant B; they sign up with the link and see only Tenant B", async () => {
    const owner = await newContext(browser);
    const page = await owner.newPage();
    const watch = watchConsole(page);
    await signIn(page, base, "owner@example.com");
    await page.waitForURL("**/dashboard");
    await page.goto(`${base}/administration?tab=invitations`);
    await page.getByRole("tab", { name: "Invitations", selected: true }).waitFor();
    await page.getByLabel("E-mail").fill("ana@example.com");
    await page.getByLabel("Tenant", { exact: true }).selectOption({ label: "Tenant B" });
    await page.getByLabel("Role").selectOption("analyst");
    await page.getByRole("button", { name: "Create invitation" }).click();
    const link = (await page.getByTestId("secret-value").textContent()) ?? "";
    expect(link).toMatch(new RegExp(`^${base}/signup\\?invite=`));
    await page.getByTestId("invitation-row").filter({ hasText: "ana@example.com" }).waitFor();
    await screenshot(page, "administration-invitations-1400");

    const invitee = await newContext(browser, { userAgent: otherBrowser, viewport: { width: 375, height: 800 } });
    const page2 = await invitee.newPage();
    const watch2 = watchConsole(page2);
    await page2.goto(link);
    await page2.getByText("You were invited to").waitFor();
    expect(await page2.getByText("You were invited to").textContent()).toContain("Tenant B as analyst");
    expect(await page2.getByLabel("Work e-mail").inputValue()).toBe("ana@example.com");
    expect(await page2.getByLabel("Work e-mail").getAttribute("readonly")).not.toBeNull();
    await page2.getByLabel("Full name").fill("Ana Analyst");
    await page2.getByLabel("Password", { exact: true }).fill(password);
    await page2.getByRole("button", { name: "Create account" }).click();
    await page2.waitForURL("**/dashboard");
    await page2.getByTestId("tenant-picker").click();
    expect(await page2.getByTestId("tenant-option").allTextContents()).toEqual(["TBTenant B"]);
    await page2.keyboard.press("Escape");
    // An analyst has no administration rights: the page says so instead of failing.
    await page2.goto(`${base}/administration`);
    await page2.getByText("Nothing to administer").waitFor();
    watch2.assertClean();

    // The owner got an "invitation accepted" notification and sees the new member.
    await page.goto(`${base}/notifications`);
    await page
      .getByText(/accepted/i)
      .first()
      .waitFor();
    await page.goto(`${base}/administration?tab=members`);
    await page.getByLabel("Tenant", { exact: true }).selectOption({ label: "Tenant B" });
    await page.getByTestId("member-row").filter({ hasText: "ana@example.com" }).waitFor();
    watch.assertClean();
    await owner.close();
    await invitee.close();
  });

  it("creates and revokes an API key, and lists the audit log", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const watch = watchConsole(page);
    await signIn(page, base, "owner@example.com");
    await page.waitForURL("**/dashboard");
    await page.goto(`${base}/administration?tab=api-keys`);
    await page.getByLabel("Name").fill("SIEM forwarder");
    await page.getByRole("button", { name: "Create key" }).click();
    expect(((await page.getByTestId("secret-value").textContent()) ?? "").length).toBeGreaterThan(20);
    const row = page.getByTestId("api-key-row").filter({ hasText: "SIEM forwarder" });
    await row.waitFor();
    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await row.getByText(/Revoked/).waitFor();

    await page.getByRole("tab", { name: "Audit log" }).click();
    await page.getByTestId("audit-row").first().waitFor();
    await page.getByLabel("Event").selectOption("api_key.revoked");
    await page.getByTestId("audit-row").filter({ hasText: "api_key.revoked" }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    watch.assertClean();
    await context.close();
  });

  it("has no serious or critical axe violations on the signed-in pages", async () => {
    const context = await newContext(browser, { viewport: { width: 1100, height: 860 } });
    const page = await context.newPage();
    const watch = watchConsole(page);
    await signIn(page, base, "owner@example.com");
    await page.waitForURL("**/dashboard");
    for (const path of [
      "/dashboard",
      "/notifications",
      "/profile",
      "/settings",
      "/help",
      "/administration",
      "/search?q=x",
      "/vm",
    ]) {
      await page.goto(`${base}${path}`);
      await page.locator("main h1").first().waitFor();
      await settled(page);
      const violations = await axeViolations(page);
      expect({ path, violations }).toEqual({ path, violations: [] });
    }
    watch.assertClean();
    await context.close();
  });

  it("applies and saves the theme, then passes axe in dark mode", async () => {
    const context = await newContext(browser, { viewport: { width: 1100, height: 860 } });
    const page = await context.newPage();
    const watch = watchConsole(page);
    await signIn(page, base, "owner@example.com");
    await page.waitForURL("**/dashboard");
    // Settings: dark theme applies at once and is saved.
    await page.goto(`${base}/settings`);
    await page.getByLabel("Dark").check();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.getByLabel("Time zone").selectOption("Europe/Berlin");
    await page.getByLabel("Date format").selectOption("DD/MM/YYYY");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    await page.reload();
    await page.locator("main h1").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    for (const path of ["/dashboard", "/settings", "/profile", "/administration"]) {
      await page.goto(`${base}${path}`);
      await page.locator("main h1").first().waitFor();
      await settled(page);
      const violations = await axeViolations(page);
      expect({ path, dark: true, violations }).toEqual({ path, dark: true, violations: [] });
    }
    await screenshot(page, "dashboard-dark-1100");
    watch.assertClean();
    await context.close();
  });

  it("edits the profile and rejects a weak new password with field errors", async () => {
    const context = await newContext(browser, { viewport: { width: 800, height: 860 } });
    const page = await context.newPage();
    const watch = watchConsole(page);
    await signIn(page, base, "owner@example.com");
    await page.waitForURL("**/dashboard");
    await page.goto(`${base}/profile`);
    await page.getByLabel("Job title").fill("Head of SOC");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Profile saved.").waitFor();
    await page.getByTestId("profile-trigger").click();
    expect(await page.getByTestId("profile-title").textContent()).toBe("Head of SOC");
    await page.keyboard.press("Escape");
    await page.getByLabel("Current password").fill("wrong-password-123");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Repeat new password").fill("short");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Use at least 12 characters.").waitFor();
    await page.getByLabel("New password", { exact: true }).fill("another-good-passphrase-7");
    await page.getByLabel("Repeat new password").fill("another-good-passphrase-7");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.locator("[data-field-error], [role=alert]").first().waitFor();
    await screenshot(page, "profile-800");
    watch.assertClean();
    await context.close();
  });
});
