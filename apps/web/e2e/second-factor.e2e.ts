import { generateSync } from "otplib";
import type { Browser, BrowserContext, Page } from "playwright-core";
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

/**
 * Issue 13: second factors in the browser. Enrolment from the profile, the sign-in step with an
 * authenticator code and with a recovery code, an administrator's temporary password, and a
 * tenant policy that sends a member to enrolment. The server runs with the test clock so a new
 * code can be had without waiting for the next 30-second step.
 */
let server: RunningServer;
let browser: Browser;
let base: string;
let secret = "";
/** Server time minus this machine's, from the test clock's answer. */
let offsetMs = 0;

const code = () => generateSync({ secret, epoch: Math.floor((Date.now() + offsetMs) / 1000) });

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ WATCHFLOOR_TEST_CLOCK: "1" }), launchBrowser()]);
  base = server.baseUrl;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A write through the page's own session (the CSRF token comes from the session lookup). */
async function apiCall(page: Page, method: "POST" | "PUT" | "DELETE", path: string, data?: unknown) {
  const session = await (await page.request.get(`${base}/api/v1/auth/session`)).json();
  const response = await page.request.fetch(`${base}/api/v1${path}`, {
    method,
    data,
    headers: { "x-csrf-token": session.csrfToken },
  });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

async function moveClock(page: Page, minutes: number) {
  const { body } = await apiCall(page, "POST", "/test/clock", { advanceMinutes: minutes });
  offsetMs = Date.parse(body.now) - Date.now();
}

async function signOut(page: Page) {
  await page.getByTestId("profile-trigger").click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await page.waitForURL("**/login");
}

describe("second factor", () => {
  let owner: BrowserContext;
  let page: Page;
  let recoveryCodes: string[] = [];

  it("enrols an authenticator app from the profile and shows the recovery codes once", async () => {
    owner = await newContext(browser);
    page = await owner.newPage();
    const watch = watchConsole(page);
    await signUpFirstUser(page, base);
    await moveClock(page, 0);
    await page.goto(`${base}/profile`);
    await page.getByRole("button", { name: "Add a second factor" }).click();
    await page.getByRole("button", { name: "Add authenticator app" }).click();
    secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByRole("img", { name: /QR code/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Code from the app").fill(code());
    await page.getByRole("button", { name: "Confirm" }).click();
    const list = page.getByTestId("recovery-codes").locator("li");
    await list.first().waitFor();
    recoveryCodes = await list.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(page, "second-factor-recovery-codes");
    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.getByTestId("second-factors").getByText("authenticator app").waitFor();
    watch.assertClean();
  });

  it("asks for the code at sign-in, and takes a recovery code instead", async () => {
    const watch = watchConsole(page);
    // The enrolment used this 30-second step: move to the next one rather than wait for it.
    await moveClock(page, 1);
    await signOut(page);
    await signIn(page, base, "owner@example.com");
    await page.waitForURL("**/account/step**");
    await page.getByRole("heading", { name: "Confirm it is you" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "second-factor-step");
    await page.getByLabel("Code from your authenticator app").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("The second factor did not match.").waitFor();
    await page.getByLabel("Code from your authenticator app").fill(code());
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Security overview" }).waitFor();

    await signOut(page);
    await signIn(page, base, "owner@example.com");
    await page.waitForURL("**/account/step**");
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Security overview" }).waitFor();
    watch.assertClean();
  });

  it("makes a member choose a new password after an administrator set a temporary one, then enrol where the tenant requires it", async () => {
    const tenants = (await (await page.request.get(`${base}/api/v1/tenants`)).json()).items as { id: string; name: string }[];
    const tenant = tenants[0] as { id: string; name: string };
    const invitation = await apiCall(page, "POST", "/invitations", {
      email: "member@example.com",
      tenantId: tenant.id,
      role: "analyst",
    });
    expect(invitation.status).toBe(201);

    const memberContext = await newContext(browser, { viewport: { width: 375, height: 800 } });
    const member = await memberContext.newPage();
    const watch = watchConsole(member);
    await member.goto(`${base}${invitation.body.signupPath}`);
    await member.getByLabel("Full name").fill("Mia Member");
    await member.getByLabel("Password", { exact: true }).fill(password);
    await member.getByRole("button", { name: "Create account" }).click();
    await member.waitForURL("**/dashboard");
    const memberId = (await (await member.request.get(`${base}/api/v1/auth/session`)).json()).user.id as string;
    // The reset below ends the member's session: an open dashboard then finds itself signed out
    // and goes to the sign-in page on its own, which aborted the test's own navigation there once
    // in CI (net::ERR_ABORTED). Nothing of the app stays open meanwhile.
    await member.goto("about:blank");

    expect((await apiCall(page, "POST", `/users/${memberId}/password`, { newPassword: "Temporary-Pass-2026" })).status).toBe(200);
    await signIn(member, base, "member@example.com", "Temporary-Pass-2026");
    await member.waitForURL("**/account/step**");
    await member.getByRole("heading", { name: "Choose a new password" }).waitFor();
    expect(await axeViolations(member)).toEqual([]);
    await screenshot(member, "temporary-password-375");
    await member.getByLabel("Temporary password").fill("Temporary-Pass-2026");
    await member.getByLabel("New password").fill("Harbor-Lights-Chosen-2026");
    await member.getByRole("button", { name: "Save and continue" }).click();
    await member.getByRole("heading", { name: "Security overview" }).waitFor();

    // The owner switches the tenant's policy on in Administration.
    await page.goto(`${base}/administration`);
    await page.getByLabel("Tenant", { exact: true }).selectOption(tenant.id);
    const policy = page.getByLabel(`Require a second factor for every member of ${tenant.name}`);
    await policy.click();
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${base}/api/v1/tenants`)).json()).items.find((t: { id: string }) => t.id === tenant.id)
            .requireSecondFactor,
      )
      .toBe(true);
    await expect.poll(() => policy.isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await member.reload();
    await member.getByRole("heading", { name: "Set up a second factor" }).waitFor();
    await member.getByText(`${tenant.name} requires a second factor`).waitFor();
    expect(await axeViolations(member)).toEqual([]);
    await member.getByRole("button", { name: "Add authenticator app" }).click();
    secret = (await member.getByTestId("totp-secret").textContent()) ?? "";
    await member.getByLabel("Code from the app").fill(code());
    await member.getByRole("button", { name: "Confirm" }).click();
    await member.getByRole("button", { name: "I have saved them" }).click();
    await member.getByRole("heading", { name: "Security overview" }).waitFor();

    // A lost phone: the owner resets the member's second factor; the member's session ends.
    // (The member's page is closed meanwhile, as above: it would go to sign-in on its own.)
    await member.goto("about:blank");
    await page.reload();
    const row = page.getByTestId("member-row").filter({ hasText: "member@example.com" });
    await row.getByText("On", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Reset 2FA" }).click();
    await page.getByRole("button", { name: "Reset second factor" }).click();
    await row.getByText("Off", { exact: true }).waitFor();
    await member.goto(`${base}/dashboard`);
    await member.waitForURL("**/login**");
    watch.assertClean();
    await memberContext.close();
    await owner.close();
  });
});
