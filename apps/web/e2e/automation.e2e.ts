import type { Browser, BrowserContext } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../../server/src/test/webhook-receiver";
import { ingestAlert, sessionFacts } from "./support/alerts";
import { launchBrowser, openAs, signUpAndKeep } from "./support/browser";
import { checkPage } from "./support/findings";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 16, done when: create a rule with the dry run, enable it, ingest an alert and see it
 * assigned and the webhook delivered in the log (signed, checked with `standardwebhooks`).
 */
let server: RunningServer;
let browser: Browser;
let receiver: WebhookReceiver;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  [server, browser] = await Promise.all([startServer({ WATCHFLOOR_WEBHOOK_PRIVATE_TARGETS: "1" }), launchBrowser()]);
  base = server.baseUrl;
  state = await signUpAndKeep(browser, base);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

const open = (path: string) => openAs(browser, state, `${base}${path}`);

describe("automation", () => {
  it("creates a webhook and a dry-run rule, then assigns a new alert and delivers it signed", { timeout: 300_000 }, async () => {
    const { context, page, consoleWatch } = await open("/automation/webhooks");
    const tenantA = (await sessionFacts(page, base)).tenant("Tenant A");
    await page.getByRole("button", { name: "New webhook" }).click();
    const form = page.getByTestId("webhook-form");
    await form.getByLabel("Tenant").selectOption({ label: "Tenant A" });
    await form.getByLabel("Name").fill("SOAR intake");
    await form.getByLabel("URL").fill(receiver.url);
    await form.getByRole("button", { name: "Create webhook" }).click();
    const secret = (await page.getByTestId("secret-value").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);

    await page.goto(`${base}/automation/rules/new`);
    const rule = page.getByTestId("rule-form");
    await rule.getByLabel("Name", { exact: true }).fill("Beacons to Olivia and the SOAR");
    for (const box of await rule.getByRole("checkbox").all()) if (await box.isChecked()) await box.uncheck();
    await rule.getByRole("checkbox", { name: "Tenant A" }).check();
    await rule.getByLabel("Field 1", { exact: true }).selectOption("name");
    await rule.getByLabel("Operator", { exact: true }).selectOption("contains");
    await rule.getByLabel("Value", { exact: true }).fill("beacon");
    await rule.getByLabel("Action 1", { exact: true }).selectOption("assign");
    await rule.getByLabel("Person", { exact: true }).selectOption({ label: "Olivia Owner" });
    await rule.getByRole("button", { name: "Add action" }).click();
    await rule.getByLabel("Action 2", { exact: true }).selectOption("webhook");
    await rule.getByLabel("Webhook", { exact: true }).selectOption({ label: "SOAR intake (standard)" });
    await rule.getByRole("button", { name: "Dry run (last 7 days)" }).click();
    await expect
      .poll(() => page.getByTestId("dry-run-summary").textContent())
      .toMatch(/Would have matched \d+ of [\d,]+ examined/);
    await rule.getByRole("switch", { name: "Enabled" }).click();
    await rule.getByRole("button", { name: "Create rule" }).click();
    await page.getByRole("link", { name: "Beacons to Olivia and the SOAR", exact: true }).waitFor();

    const alertId = await ingestAlert(page, base, tenantA, { sourceId: "beacon-1", name: "Beacon to 203.0.113.5" });
    const [request] = await receiver.waitFor(1, 30_000);
    const payload = new Webhook(secret).verify(request?.body ?? "", request?.headers as Record<string, string>) as {
      type: string;
      data: { subject: { id: string } };
    };
    expect(payload).toMatchObject({ type: "alert.created", data: { subject: { id: alertId } } });
    await expect
      .poll(async () => (await (await page.request.get(`${base}/api/v1/alerts/${alertId}`)).json()).alert.assignee, {
        timeout: 15_000,
      })
      .toBe("Olivia Owner");

    await page.goto(`${base}/automation/webhooks`);
    await expect.poll(() => page.getByTestId("deliveries").textContent(), { timeout: 15_000 }).toContain("delivered");
    await checkPage(page, "automation-webhooks", async (p) => {
      await p.getByTestId("deliveries").waitFor();
    });
    await page.goto(`${base}/automation`);
    await page.getByRole("link", { name: "Beacons to Olivia and the SOAR", exact: true }).click();
    await expect.poll(() => page.getByTestId("rule-runs").textContent()).toContain("Beacon to 203.0.113.5");
    await checkPage(page, "automation-rule", async (p) => {
      await p.getByTestId("rule-runs").waitFor();
    });
    await page.goto(`${base}/automation`);
    await checkPage(page, "automation-rules", async (p) => {
      await p.getByRole("link", { name: "Beacons to Olivia and the SOAR", exact: true }).waitFor();
    });
    await page.goto(`${base}/automation/rules/new`);
    await checkPage(page, "automation-new-rule", async (p) => {
      await p.getByTestId("rule-form").waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  });
});
