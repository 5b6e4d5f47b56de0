import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, newContext, screenshot, signIn, signUpFirstUser, watchConsole } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 13: passkeys in a real browser. Chromium's virtual authenticator (DevTools protocol,
 * WebAuthn domain) stands in for a phone or security key: it makes real credentials, signs real
 * assertions and keeps a signature counter, so the server's checks run as they would for a
 * person. WebAuthn refuses IP addresses as relying-party ids, so the page is opened on
 * `localhost` (the server derives the id from the address the browser used).
 */
let server: RunningServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl.replace("127.0.0.1", "localhost");
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A platform authenticator that verifies the user and answers every prompt by itself. */
async function addVirtualAuthenticator(cdp: CDPSession): Promise<string> {
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

async function credentials(cdp: CDPSession, authenticatorId: string) {
  return (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
}

async function signOut(page: Page) {
  await page.getByTestId("profile-trigger").click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await page.waitForURL("**/login");
}

describe("passkeys", () => {
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId = "";

  it("adds a passkey from the profile, with recovery codes for a first factor", async () => {
    context = await newContext(browser);
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
    authenticatorId = await addVirtualAuthenticator(cdp);
    const watch = watchConsole(page);
    await signUpFirstUser(page, base);
    await page.goto(`${base}/profile`);
    await page.getByRole("button", { name: "Add a second factor" }).click();
    await page.getByRole("button", { name: "Add passkey" }).click();
    const list = page.getByTestId("recovery-codes").locator("li");
    await list.first().waitFor();
    expect(await list.count()).toBe(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.getByTestId("second-factors").getByText("passkey").waitFor();
    // The credential lives in the authenticator, bound to this site's id.
    const made = await credentials(cdp, authenticatorId);
    expect(made).toHaveLength(1);
    expect(made[0]?.rpId).toBe("localhost");
    watch.assertClean();
  });

  it("signs in with the passkey at the second-factor step", async () => {
    const watch = watchConsole(page);
    const before = (await credentials(cdp, authenticatorId))[0]?.signCount ?? 0;
    await signOut(page);
    await signIn(page, base, "owner@example.com");
    await page.waitForURL("**/account/step**");
    await page.getByRole("heading", { name: "Confirm it is you" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "passkey-step");
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.getByRole("heading", { name: "Security overview" }).waitFor();
    // A real assertion was signed: the authenticator's counter moved.
    expect((await credentials(cdp, authenticatorId))[0]?.signCount ?? 0).toBeGreaterThan(before);
    watch.assertClean();
  });

  it("refuses a passkey the account does not have", async () => {
    // Another authenticator with its own credential for the same site, not registered here.
    const watch = watchConsole(page, [/NotAllowedError|The operation either timed out or was not allowed/]);
    await signOut(page);
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    const stranger = await addVirtualAuthenticator(cdp);
    await signIn(page, base, "owner@example.com");
    await page.waitForURL("**/account/step**");
    await page.getByRole("button", { name: "Use a passkey" }).click();
    // The browser finds no matching credential; the step stays, says so, and nothing signs in.
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("No passkey of this account answered");
    await screenshot(page, "passkey-refused");
    expect(page.url()).toContain("/account/step");
    expect(await credentials(cdp, stranger)).toHaveLength(0);
    watch.assertClean();
  });
});
