import type { WebhookDelivery, WebhookDeliveryList, WebhookWithSecret } from "@watchfloor/shared";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { backgroundWork } from "../../background-work";
import { makeTenant, makeUser, PASSWORD } from "../../test/factories";
import { createTestApp, type TestApp, TestClient } from "../../test/test-server";
import { type ReceivedHook, startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver";
import { automationFor } from "../automation/automation-engine";
import type { JobRunner } from "../jobs/job-runner";

/**
 * Webhooks against a real HTTP receiver on loopback: Standard Webhooks signatures checked with
 * the `standardwebhooks` library (also across a secret rotation), retries with backoff when the
 * receiver fails, a dead letter after the last try and its replay, "send test", Slack and Teams
 * shapes, and the SSRF guard that keeps webhooks off private addresses unless allowed.
 */

let app: TestApp;
let runner: JobRunner;
let receiver: WebhookReceiver;
let tenantA: string;
let admin: TestClient;
let adminUser: { email: string };

async function as(user: { email: string }): Promise<TestClient> {
  const client = new TestClient(app);
  expect((await client.signIn(user.email, PASSWORD)).statusCode).toBe(200);
  return client;
}

async function hook(extra: Record<string, unknown> = {}): Promise<WebhookWithSecret> {
  const response = await admin.post("/api/v1/automation/webhooks", {
    tenantId: tenantA,
    name: "SOAR intake",
    kind: "standard",
    url: receiver.url,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as WebhookWithSecret;
}

async function ruleCalling(webhookId: string, name: string) {
  const response = await admin.post("/api/v1/automation/rules", {
    tenantIds: [tenantA],
    name: `Send ${name}`,
    trigger: "alert.created",
    enabled: true,
    condition: { field: "name", op: "equals", value: name },
    actions: [{ type: "webhook", webhookId }],
  });
  expect(response.statusCode, response.body).toBe(201);
}

let seq = 0;
async function ingest(name: string): Promise<string> {
  const response = await admin.post(`/api/v1/alerts?tenantId=${tenantA}`, {
    source: "ids",
    sourceId: `wh-${++seq}`,
    name,
    priority: "High",
  });
  expect(response.statusCode, response.body).toBe(201);
  await automationFor(app.ctx).idle();
  return response.json().id as string;
}

/**
 * The library checks the signature's timestamp against its own clock (5 minutes' tolerance);
 * the server signs with its test clock, so the check runs at that time.
 */
function verify(secret: string, request: ReceivedHook | undefined) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Number(request?.headers["webhook-timestamp"]) * 1000);
  try {
    return new Webhook(secret).verify(request?.body ?? "", request?.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

const deliveries = async (query = "") =>
  ((await admin.get(`/api/v1/automation/deliveries?${query}`)).json() as WebhookDeliveryList).items;

/** Moves the clock past the next retry and lets the runner send what is due. */
async function advance(ms: number) {
  app.clock.now += ms;
  admin = await as(adminUser);
  await runner.runDue();
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await createTestApp({ WATCHFLOOR_WEBHOOK_PRIVATE_TARGETS: "1", WATCHFLOOR_PUBLIC_URL: "https://soc.example.test" });
  runner = backgroundWork(app.ctx, () => undefined);
  tenantA = (await makeTenant(app, "Webhooks A")).id;
  adminUser = await makeUser(app, [{ tenantId: tenantA, role: "admin" }]);
  admin = await as(adminUser);
});

afterAll(async () => {
  await runner.stop();
  await app.close();
  await receiver.close();
});

describe("webhooks", () => {
  it("delivers a matching alert signed per Standard Webhooks, without holding up ingestion", async () => {
    const created = await hook();
    expect(created.secret).toMatch(/^whsec_/);
    // The secret is shown once: the list has only its last characters.
    const listed = (await admin.get("/api/v1/automation/webhooks")).json().items[0];
    expect(listed).toMatchObject({ id: created.id, secretHint: created.secret.slice(-4) });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    await ruleCalling(created.id, "Beacon to known C2");
    const alertId = await ingest("Beacon to known C2");
    // Queued, not sent: the request that created the alert did not wait for the receiver.
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries())[0]).toMatchObject({ status: "pending", eventType: "alert.created" });
    await runner.runDue();
    const [request] = await receiver.waitFor(1);
    const payload = verify(created.secret, request) as {
      type: string;
      data: { version: number; subject: { id: string; link: string } };
    };
    expect(payload.type).toBe("alert.created");
    expect(payload.data.version).toBe(1);
    expect(payload.data.subject).toMatchObject({
      id: alertId,
      link: `https://soc.example.test/dashboard/incidents/alerts/${alertId}`,
    });
    const [logged] = await deliveries();
    expect(logged).toMatchObject({ status: "delivered", attempts: 1, responseCode: 200, webhookName: "SOAR intake" });
    expect(logged?.durationMs).toBeGreaterThanOrEqual(0);
    expect(request?.headers["webhook-id"]).toBe(logged?.id);
  });

  it("retries with backoff, ends as a dead letter that can be replayed, and tells the admins", async () => {
    const created = await hook({ name: "Flaky receiver" });
    await ruleCalling(created.id, "Flaky one");
    receiver.failNext(503, 500);
    const before = receiver.received.length;
    await ingest("Flaky one");
    await runner.runDue();
    let [logged] = await deliveries(`webhookId=${created.id}`);
    expect(logged).toMatchObject({ status: "retrying", attempts: 1, responseCode: 503 });
    await advance(31_000);
    [logged] = await deliveries(`webhookId=${created.id}`);
    expect(logged).toMatchObject({ status: "retrying", attempts: 2, responseCode: 500 });
    await advance(61_000);
    [logged] = await deliveries(`webhookId=${created.id}`);
    expect(logged).toMatchObject({ status: "delivered", attempts: 3, responseCode: 200 });
    // Every try carried the same message id, so the receiver can tell repeats apart.
    const ids = receiver.received.slice(before).map((r) => r.headers["webhook-id"]);
    expect(new Set(ids)).toEqual(new Set([logged?.id]));

    receiver.failNext(500, 500, 500, 500, 500, 500);
    await ruleCalling(created.id, "Flaky one again");
    await ingest("Flaky one again");
    for (const wait of [0, 31_000, 61_000, 121_000, 241_000, 481_000]) await advance(wait);
    [logged] = await deliveries(`webhookId=${created.id}&status=dead`);
    expect(logged).toMatchObject({ status: "dead", attempts: 6, responseCode: 500 });
    const notes = (await admin.get("/api/v1/notifications")).json().items as { kind: string }[];
    expect(notes.some((n) => n.kind === "webhook_dead_letter")).toBe(true);
    const replay = await admin.post(`/api/v1/automation/deliveries/${logged?.id}/replay`, {});
    expect(replay.statusCode, replay.body).toBe(200);
    expect((await admin.post(`/api/v1/automation/deliveries/${logged?.id}/replay`, {})).statusCode).toBe(409);
    await runner.runDue();
    const [replayed] = await deliveries(`webhookId=${created.id}`);
    expect(replayed).toMatchObject({ id: logged?.id, status: "delivered", attempts: 7 });
  });

  it("sends a test now, and signs with both secrets for a day after a rotation", async () => {
    const created = await hook({ name: "Rotating" });
    const rotated = (await admin.post(`/api/v1/automation/webhooks/${created.id}/rotate`, {})).json() as WebhookWithSecret;
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previousSecretUntil).toBe(new Date(app.clock.now + 86_400_000).toISOString());
    const test = (await admin.post(`/api/v1/automation/webhooks/${created.id}/test`, {})).json() as WebhookDelivery;
    expect(test).toMatchObject({ status: "delivered", eventType: "webhook.test", attempts: 1 });
    const request = receiver.received.at(-1);
    expect(verify(rotated.secret, request)).toBeTruthy();
    expect(verify(created.secret, request)).toBeTruthy();
    await advance(86_400_000 + 1);
    await admin.post(`/api/v1/automation/webhooks/${created.id}/test`, {});
    const later = receiver.received.at(-1);
    expect(() => verify(created.secret, later)).toThrow();
    expect(verify(rotated.secret, later)).toBeTruthy();
    const audit = (await admin.get(`/api/v1/audit?tenantId=${tenantA}`)).json().items as { event: string }[];
    expect(audit.map((e) => e.event)).toContain("webhook.secret_rotated");
  });

  it("posts Slack and Teams message shapes", async () => {
    const slack = await hook({ name: "Slack channel", kind: "slack" });
    const teams = await hook({ name: "Teams channel", kind: "teams" });
    await admin.post(`/api/v1/automation/webhooks/${slack.id}/test`, {});
    const slackBody = JSON.parse(receiver.received.at(-1)?.body ?? "{}");
    expect(slackBody.text).toMatch(/^Watchfloor: Rule|^Watchfloor: test/);
    expect(receiver.received.at(-1)?.headers["webhook-signature"]).toBeUndefined();
    await admin.post(`/api/v1/automation/webhooks/${teams.id}/test`, {});
    const teamsBody = JSON.parse(receiver.received.at(-1)?.body ?? "{}");
    expect(teamsBody).toMatchObject({ "@type": "MessageCard", "@context": "https://schema.org/extensions" });
  });

  it("refuses private addresses unless the operator allows them, and bad URLs with the field", async () => {
    const strict = await createTestApp();
    try {
      const tenant = (await makeTenant(strict, "Strict")).id;
      const owner = await makeUser(strict, [{ tenantId: tenant, role: "owner" }]);
      const client = new TestClient(strict);
      await client.signIn(owner.email, PASSWORD);
      const created = (
        await client.post("/api/v1/automation/webhooks", {
          tenantId: tenant,
          name: "Internal",
          kind: "standard",
          url: receiver.url,
        })
      ).json() as WebhookWithSecret;
      const test = (await client.post(`/api/v1/automation/webhooks/${created.id}/test`, {})).json() as WebhookDelivery;
      expect(test.status).toBe("dead");
      expect(test.error).toContain("is a loopback address");
      const bad = await client.post("/api/v1/automation/webhooks", {
        tenantId: tenant,
        name: "Bad",
        kind: "standard",
        url: "ftp://x",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].path).toBe("url");
    } finally {
      await strict.close();
    }
  });
});

describe("webhooks of provider-wide rules", () => {
  it("are changed, rotated or deleted only by someone who manages every tenant of the rules calling them", async () => {
    const tenantB = (await makeTenant(app, "Webhooks B")).id;
    const provider = await makeUser(app, [
      { tenantId: tenantA, role: "owner" },
      { tenantId: tenantB, role: "owner" },
    ]);
    const both = await as(provider);
    const shared = (
      await both.post("/api/v1/automation/webhooks", {
        tenantId: tenantA,
        name: "Provider SOAR",
        kind: "standard",
        url: receiver.url,
      })
    ).json() as WebhookWithSecret;
    const rule = await both.post("/api/v1/automation/rules", {
      tenantIds: [tenantA, tenantB],
      name: "Everything to the provider SOAR",
      trigger: "alert.created",
      condition: { field: "name", op: "exists" },
      actions: [{ type: "webhook", webhookId: shared.id }],
    });
    expect(rule.statusCode, rule.body).toBe(201);
    // Tenant A's admin alone cannot redirect B's events, rotate the secret or drop B's log.
    const redirect = await admin.patch(`/api/v1/automation/webhooks/${shared.id}`, { url: "https://attacker.example/hook" });
    expect(redirect.statusCode).toBe(403);
    expect((await admin.post(`/api/v1/automation/webhooks/${shared.id}/rotate`, {})).statusCode).toBe(403);
    expect((await admin.delete(`/api/v1/automation/webhooks/${shared.id}`)).statusCode).toBe(403);
    expect((await both.patch(`/api/v1/automation/webhooks/${shared.id}`, { name: "Provider SOAR (renamed)" })).statusCode).toBe(
      200,
    );
  });
  it("are left out of a provider-wide rule as read by someone who does not see the webhook's tenant", async () => {
    const tenantC = (await makeTenant(app, "Webhooks C")).id;
    const provider = await makeUser(app, [
      { tenantId: tenantA, role: "owner" },
      { tenantId: tenantC, role: "owner" },
    ]);
    const both = await as(provider);
    const hookOfC = (
      await both.post("/api/v1/automation/webhooks", { tenantId: tenantC, name: "C's SOAR", kind: "standard", url: receiver.url })
    ).json() as WebhookWithSecret;
    const created = await both.post("/api/v1/automation/rules", {
      tenantIds: [tenantA, tenantC],
      name: "Everything to C's SOAR",
      trigger: "alert.created",
      condition: { field: "name", op: "exists" },
      actions: [
        { type: "addTags", tags: ["provider"] },
        { type: "webhook", webhookId: hookOfC.id },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const asReader = (await admin.get("/api/v1/automation/rules")).json().items.find((r: { id: string }) => r.id === id);
    expect(asReader).toMatchObject({ tenantIds: [tenantA], actions: [{ type: "addTags" }], hiddenActions: 1 });
    expect((await admin.get(`/api/v1/automation/rules/${id}`)).body).not.toContain(hookOfC.id);
    expect((await both.get(`/api/v1/automation/rules/${id}`)).json()).toMatchObject({
      actions: [{ type: "addTags" }, { type: "webhook", webhookId: hookOfC.id }],
      hiddenActions: 0,
    });
    // Nor does tenant A's audit log of a change name C or C's webhook.
    const rule = {
      tenantIds: [tenantA, tenantC],
      name: "Everything to C's SOAR (renamed)",
      trigger: "alert.created",
      condition: { field: "name", op: "exists" },
      actions: [
        { type: "addTags", tags: ["provider"] },
        { type: "webhook", webhookId: hookOfC.id },
      ],
    };
    expect((await both.put(`/api/v1/automation/rules/${id}`, rule)).statusCode).toBe(200);
    const auditA = await admin.get(`/api/v1/audit?tenantId=${tenantA}&event=automation.rule_changed&limit=50`);
    expect(auditA.statusCode, auditA.body).toBe(200);
    expect(auditA.body).toContain("Everything to C's SOAR (renamed)");
    expect(auditA.body).not.toContain(hookOfC.id);
    expect(auditA.body).not.toContain(tenantC);
  });
});
