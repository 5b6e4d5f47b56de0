import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { backgroundWork } from "../../background-work";
import { claimEvents, deleteEvent, recordEvent } from "../../db/automation-outbox.repository";
import { openDatabase } from "../../db/database";
import { AppEvents } from "../../lib/events";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient, testDialect } from "../../test/test-server";
import { ingestAlerts } from "../alerts/alert-ingest.service";
import type { JobRunner } from "../jobs/job-runner";
import { AutomationEngine, automationFor } from "./automation-engine";

/**
 * The automation outbox (issue 16, docs/automation.md "How rules run"): an event is written with
 * its change, so one nobody answered (the engine was stopped, its wake-up lost, its claimer died)
 * is answered later, once; an event answered again after a crash acts no more; a rolled-back
 * change leaves no event; and two engines on one PostgreSQL database share the events without
 * answering one twice. Each rule here notifies an analyst: a notification per action taken.
 */

let app: TestApp;
let runner: JobRunner;
let tenantId: string;
let admin: TestClient;
let analyst: { id: string };
const errors: string[] = [];
const log = (error: unknown, message: string) => {
  errors.push(`${message}: ${String(error)}`);
};

let seq = 0;
async function post(...names: string[]): Promise<string[]> {
  const body = names.map((name) => ({ source: "edr", sourceId: `outbox-${++seq}`, priority: "High", name }));
  const response = await admin.post(`/api/v1/alerts/bulk?tenantId=${tenantId}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { ids: string[] }).ids;
}

async function rule(name: string, trigger: string, condition: unknown): Promise<string> {
  const response = await admin.post("/api/v1/automation/rules", {
    tenantIds: [tenantId],
    name,
    trigger,
    enabled: true,
    condition,
    actions: [{ type: "notify", userIds: [analyst.id], message: name }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** The subjects of a rule's recorded runs. */
async function runs(ruleId: string): Promise<string[]> {
  const rows = await app.ctx.db.selectFrom("automation_runs").select("subject_id").where("rule_id", "=", ruleId).execute();
  return rows.map((r) => r.subject_id).sort();
}

/** The alerts the rule's notify action told the analyst about (the action itself, not its run). */
async function told(ruleName: string): Promise<string[]> {
  const rows = await app.ctx.db
    .selectFrom("notifications")
    .select("link")
    .where("user_id", "=", analyst.id)
    .where("message", "like", `${ruleName} (%`)
    .execute();
  return rows.map((r) => r.link?.split("/").at(-1) ?? "").sort();
}

async function pending(): Promise<number> {
  const row = await app.ctx.db
    .selectFrom("automation_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  app = await createTestApp();
  runner = backgroundWork(app.ctx, log);
  tenantId = (await makeTenant(app, "Outbox")).id;
  analyst = await makeUser(app, [{ tenantId, role: "analyst" }]);
  admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
  automationFor(app.ctx).start(log);
});

afterEach(() => {
  expect(errors).toEqual([]);
});

afterAll(async () => {
  await runner.stop();
  await app.close();
});

describe("automation outbox", () => {
  it("answers an event committed while the engine was stopped once it starts, and only once", async () => {
    const engine = automationFor(app.ctx);
    const ruleId = await rule("Stopped engine", "alert.created", { field: "name", op: "contains", value: "while stopped" });
    engine.stop();
    const [id] = await post("Beacon while stopped");
    await engine.idle();
    expect(await pending()).toBe(1);
    expect(await runs(ruleId)).toEqual([]);
    engine.start(log);
    await engine.idle();
    expect(await runs(ruleId)).toEqual([id]);
    expect(await told("Stopped engine")).toEqual([id]);
    expect(await pending()).toBe(0);
    expect(await engine.sweep()).toBe(0);
    expect(await told("Stopped engine")).toEqual([id]);
  });

  it("sweeps up an event nobody was woken for, and one a dead server claimed once its claim runs out", async () => {
    const engine = automationFor(app.ctx);
    // Answered at once, when no rule wanted them.
    const [lost, orphan] = (await post("Lost wake-up", "Orphaned claim")) as [string, string];
    await engine.idle();
    const ruleId = await rule("Swept", "alert.created", { field: "name", op: "in", value: ["Lost wake-up", "Orphaned claim"] });
    // Two events committed without waking any engine, as when a server stops right after a commit.
    await app.ctx.db.transaction().execute(async (trx) => {
      await recordEvent(trx, { type: "alert.created", tenantId, ids: [lost] }, app.clock.now);
      await recordEvent(trx, { type: "alert.created", tenantId, ids: [orphan] }, app.clock.now);
    });
    // The second was claimed by a server that died before answering it: its claim holds 5 minutes.
    await app.ctx.db
      .updateTable("automation_outbox")
      .set({ claimed_by: "dead-server", claimed_until: app.clock.now + 5 * 60_000, attempts: 1 })
      .where("ids", "=", JSON.stringify([orphan]))
      .execute();
    expect(await pending()).toBe(2);
    await runner.runDue();
    expect(await runs(ruleId)).toEqual([lost]);
    expect(await pending()).toBe(1);
    app.clock.now += 6 * 60_000;
    await runner.runDue();
    expect(await runs(ruleId)).toEqual([lost, orphan].sort());
    expect(await told("Swept")).toEqual([lost, orphan].sort());
    expect(await pending()).toBe(0);
    app.clock.now += 60_000;
    await runner.runDue();
    expect(await told("Swept")).toEqual([lost, orphan].sort());
  });

  it("answers an event again after a crash without acting twice: the event's key is its outbox row", async () => {
    const engine = automationFor(app.ctx);
    const ruleId = await rule("Status moved", "alert.changed", { field: "changed", op: "contains", value: "status" });
    const [id] = (await post("Acknowledge me")) as [string];
    await engine.idle();
    engine.stop();
    const moved = await admin.post(`/api/v1/alerts/${id}/transition`, { status: "Acknowledged" });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await app.ctx.db.selectFrom("automation_outbox").selectAll().execute();
    expect(row).toMatchObject({ type: "alert.changed", ids: JSON.stringify([id]), changed: JSON.stringify(["status"]) });
    engine.start(log);
    await engine.idle();
    expect(await told("Status moved")).toEqual([id]);
    // The server acted and died before deleting the row: the row is there again, claimed by nobody.
    if (!row) throw new Error("no outbox row");
    await app.ctx.db
      .insertInto("automation_outbox")
      .values({ ...row, claimed_by: null, claimed_until: null })
      .execute();
    expect(await engine.sweep()).toBe(1);
    expect(await runs(ruleId)).toEqual([id]);
    expect(await told("Status moved")).toEqual([id]);
    expect(await pending()).toBe(0);
  });

  it("leaves no event behind a change that rolled back", async () => {
    const alert = { source: "edr", sourceId: "rolled-back", name: "Never stored", priority: "High" };
    await expect(
      ingestAlerts(app.ctx, tenantId, [alert], { userId: null, name: "test" }, async () => {
        throw new Error("refused after the write");
      }),
    ).rejects.toThrow("refused after the write");
    expect(await pending()).toBe(0);
    expect(await app.ctx.db.selectFrom("alerts").select("id").where("source_id", "=", "rolled-back").execute()).toEqual([]);
  });
});

// SQLite has one server; on PostgreSQL two engines (two connection pools) race for the same rows.
describe.skipIf(testDialect() !== "postgres")("two engines on one PostgreSQL database", () => {
  it("never claim the same event, however their claims overlap", async () => {
    const second = openDatabase(app.ctx.env.WATCHFLOOR_DATABASE_URL, "/nonexistent");
    try {
      await app.ctx.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 100; i++)
          await recordEvent(trx, { type: "alert.created", tenantId, ids: [`race-${i}`] }, app.clock.now);
      });
      // Twenty claims of ten at once, half through each pool: each is a transaction of its own.
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          claimEvents(i % 2 ? second.db : app.ctx.db, `server-${i % 2}`, app.clock.now, 60_000, 10),
        ),
      );
      const claimed = claims.flat().map((r) => r.id);
      expect(claimed.length).toBeGreaterThan(0);
      expect(new Set(claimed).size).toBe(claimed.length);
      // What the race left (rows skipped while locked) is claimed afterwards: each row once in all.
      for (let rest = await claimEvents(app.ctx.db, "server-0", app.clock.now, 60_000, 10); rest.length > 0; ) {
        claimed.push(...rest.map((r) => r.id));
        rest = await claimEvents(app.ctx.db, "server-0", app.clock.now, 60_000, 10);
      }
      expect(claimed).toHaveLength(100);
      expect(new Set(claimed).size).toBe(100);
      for (const id of claimed) await deleteEvent(app.ctx.db, id);
    } finally {
      await second.destroy();
    }
  });

  it("answer each event once between them", async () => {
    const engine = automationFor(app.ctx);
    const ruleId = await rule("Both engines", "alert.created", { field: "name", op: "startsWith", value: "Shared " });
    engine.stop();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(...(await post(`Shared ${i} a`, `Shared ${i} b`)));
    await engine.idle();
    expect(await pending()).toBe(30);
    const second = openDatabase(app.ctx.env.WATCHFLOOR_DATABASE_URL, "/nonexistent");
    const other = new AutomationEngine({ ...app.ctx, db: second.db, events: new AppEvents() });
    try {
      const before = engine.eventsAnswered;
      engine.start(log);
      other.start(log);
      await Promise.all([engine.idle(), other.idle()]);
      expect(await runs(ruleId)).toEqual(ids.sort());
      expect(await told("Both engines")).toEqual(ids.sort());
      // Each event was claimed by one engine: none was answered twice (SKIP LOCKED and the claim).
      expect(engine.eventsAnswered - before + other.eventsAnswered).toBe(30);
      expect(await pending()).toBe(0);
    } finally {
      other.stop();
      await other.idle();
      await second.destroy();
    }
  });
});
