import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, type ServeProcess, startServe } from "./test/serve-process";
import { freshDatabaseUrl, testDialect } from "./test/test-server";

/**
 * Issue 19, done when: two `watchfloor serve` processes on one PostgreSQL database. An alert
 * posted to one reaches the other's live stream; an SLA breach is notified once; a scheduled
 * report runs once; sign-in lockout counts the attempts made on both. Issue 16: automation rules
 * answer each alert once (one run, one action) whichever server's engine claims its event.
 */
const postgres = testDialect() === "postgres";
const PASSWORD = "Two-Servers-Password-26";
let a: ServeProcess;
let b: ServeProcess;
let drop: () => Promise<void>;
const owner = new HttpClient();
let tenantId = "";

async function ok(response: Response, status = 200) {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(status);
  return text ? JSON.parse(text) : null;
}

/** Moves both servers' test clocks at once: each runs its SLA check and due jobs as it answers. */
async function advanceBoth(minutes: number) {
  await Promise.all(
    [a, b].map(async (server) => ok(await owner.post(server.url, "/api/v1/test/clock", { advanceMinutes: minutes }))),
  );
}

describe.skipIf(!postgres)("two serve processes on one PostgreSQL database", () => {
  beforeAll(async () => {
    const db = await freshDatabaseUrl();
    drop = db.drop;
    const env = {
      WATCHFLOOR_DATABASE_URL: db.url ?? "",
      WATCHFLOOR_TEST_CLOCK: "1",
      WATCHFLOOR_SECRET: "two-servers-secret-two-servers-secret",
    };
    a = await startServe(env); // migrates the new database
    b = await startServe(env);
    await ok(
      await owner.post(a.url, "/api/v1/auth/sign-up", { email: "owner@two.test", password: PASSWORD, displayName: "Owner" }),
      201,
    );
    tenantId = (await ok(await owner.post(a.url, "/api/v1/tenants", { name: "Shared", slug: "shared" }), 201)).id;
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  });

  it("brings an alert posted to server A to a live stream on server B within 2 s", async () => {
    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/v1/events`, {
      headers: { cookie: owner.cookieHeader() },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let seen = "";
    const posted = await ok(
      await owner.post(a.url, `/api/v1/alerts?tenantId=${tenantId}`, {
        source: "two",
        sourceId: "t-1",
        name: "Seen on B",
        priority: "Low",
      }),
      201,
    );
    const started = Date.now();
    while (!seen.includes(posted.id) && Date.now() - started < 2000) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000))]);
      if (chunk && !chunk.done) seen += new TextDecoder().decode(chunk.value);
    }
    controller.abort();
    expect(seen).toContain(posted.id);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("notifies an SLA breach once although both servers check at once", async () => {
    const alert = await ok(
      await owner.post(b.url, `/api/v1/alerts?tenantId=${tenantId}`, {
        source: "two",
        sourceId: "t-2",
        name: "Breached on two servers",
        priority: "Critical",
      }),
      201,
    );
    await advanceBoth(20); // past the 15-minute acknowledge time
    await advanceBoth(1);
    const notes = await ok(await owner.get(a.url, "/api/v1/notifications?limit=100"));
    const about = (notes.items as { message: string; link: string | null }[]).filter((n) => n.link?.includes(alert.id));
    expect(about).toHaveLength(1);
  });

  it("runs a scheduled report once", async () => {
    const now = Date.parse((await ok(await owner.post(a.url, "/api/v1/test/clock", { advanceMinutes: 1 }))).now);
    await ok(await owner.post(b.url, "/api/v1/test/clock", { advanceMinutes: 1 }));
    const at = new Date(now + 10 * 60_000).toISOString().slice(11, 16);
    const schedule = await ok(
      await owner.post(a.url, "/api/v1/reports/schedules", {
        name: "Once",
        kind: "executive",
        tenants: [tenantId],
        period: "last7",
        cadence: "daily",
        time: at,
        timeZone: "UTC",
        recipients: ["ciso@two.test"],
      }),
      201,
    );
    await advanceBoth(12);
    await advanceBoth(1);
    const list = await ok(await owner.get(b.url, "/api/v1/reports/schedules"));
    const mine = (list.items as { id: string; deliveries: { status: string }[] }[]).find((s) => s.id === schedule.id);
    expect(mine?.deliveries).toHaveLength(1);
    expect(mine?.deliveries[0]?.status).toBe("mail-off");
    const jobs = await ok(await owner.get(a.url, "/api/v1/jobs?kind=report-schedule-run"));
    expect(jobs.items).toHaveLength(1);
    expect(jobs.items[0].status).toBe("succeeded");
  });

  it("answers an alert with an automation rule once, and a scheduled rule once per slot", async () => {
    const rule = async (body: Record<string, unknown>) =>
      (await ok(await owner.post(a.url, "/api/v1/automation/rules", { tenantIds: [tenantId], enabled: true, ...body }), 201)) as {
        id: string;
      };
    const runs = async (id: string) =>
      (await ok(await owner.get(b.url, `/api/v1/automation/rules/${id}/runs`))).items as unknown[];
    const onAlert = await rule({
      name: "Tag once",
      trigger: "alert.created",
      condition: { field: "name", op: "contains", value: "automated once" },
      actions: [{ type: "addTags", tags: ["once"] }],
    });
    await ok(
      await owner.post(a.url, `/api/v1/alerts?tenantId=${tenantId}`, {
        source: "two",
        sourceId: "t-3",
        name: "Automated once",
        priority: "Low",
      }),
      201,
    );
    // The rule answers after the request commits: wait for its run, then make sure no second one follows.
    await expect.poll(() => runs(onAlert.id), { timeout: 5_000 }).toHaveLength(1);
    await advanceBoth(1);
    expect(await runs(onAlert.id)).toHaveLength(1);
    // One action: one timeline entry by the rule.
    const [run] = (await runs(onAlert.id)) as { subjectId: string }[];
    const detail = await ok(await owner.get(b.url, `/api/v1/alerts/${run?.subjectId}`));
    const byRule = (detail.timeline as { actorName: string }[]).filter((t) => t.actorName === 'Automation rule "Tag once"');
    expect(byRule).toHaveLength(1);

    const scheduled = await rule({
      name: "Every five minutes",
      trigger: "schedule",
      everyMinutes: 5,
      condition: { field: "name", op: "contains", value: "scheduled twice" },
      actions: [{ type: "addTags", tags: ["seen"] }],
    });
    await ok(
      await owner.post(b.url, `/api/v1/alerts?tenantId=${tenantId}`, {
        source: "two",
        sourceId: "t-4",
        name: "Scheduled twice",
        priority: "Low",
      }),
      201,
    );
    await advanceBoth(6);
    expect(await runs(scheduled.id)).toHaveLength(1);
    await advanceBoth(6);
    expect(await runs(scheduled.id)).toHaveLength(2);
  });

  it("answers alerts posted to both servers at once with one run and one action each", async () => {
    const me = (await ok(await owner.get(a.url, "/api/v1/auth/session"))).user.id as string;
    const created = await ok(
      await owner.post(a.url, "/api/v1/automation/rules", {
        tenantIds: [tenantId],
        name: "Tell the owner once",
        trigger: "alert.created",
        enabled: true,
        condition: { field: "name", op: "startsWith", value: "Both servers" },
        actions: [{ type: "notify", userIds: [me], message: "Answered once" }],
      }),
      201,
    );
    // Ten requests of three alerts, five to each server, all at once: both engines claim events,
    // each may take the other's, and the sweep of whichever server runs it looks again.
    const posted = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const body = [0, 1, 2].map((j) => ({
          source: "two",
          sourceId: `both-${i}-${j}`,
          name: `Both servers ${i}.${j}`,
          priority: "Low",
        }));
        return (await ok(await owner.post(i % 2 ? b.url : a.url, `/api/v1/alerts/bulk?tenantId=${tenantId}`, body)))
          .ids as string[];
      }),
    );
    const ids = posted.flat().sort();
    expect(ids).toHaveLength(30);
    const runs = async () =>
      (
        (await ok(await owner.get(a.url, `/api/v1/automation/rules/${created.id}/runs?limit=100`))).items as {
          subjectId: string;
        }[]
      )
        .map((r) => r.subjectId)
        .sort();
    await expect.poll(runs, { timeout: 10_000 }).toHaveLength(30);
    await advanceBoth(1);
    expect(await runs()).toEqual(ids);
    const notes = await ok(await owner.get(b.url, "/api/v1/notifications?limit=100"));
    const told = (notes.items as { message: string; link: string | null }[])
      .filter((n) => n.message.startsWith("Answered once"))
      .map((n) => n.link?.split("/").at(-1))
      .sort();
    expect(told).toEqual(ids);
  });

  it("locks an account after five wrong passwords spread over both servers", async () => {
    const stranger = new HttpClient();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const server = i % 2 ? b : a;
      const response = await stranger.post(server.url, "/api/v1/auth/sign-in", {
        email: "owner@two.test",
        password: `wrong-${i}`,
      });
      statuses.push(response.status);
    }
    // Three tries on A and two on B: the fifth locks, which neither server would count alone.
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const refused = await stranger.post(b.url, "/api/v1/auth/sign-in", { email: "owner@two.test", password: PASSWORD });
    expect(refused.status).toBe(423);
    expect(await refused.text()).toContain("locked");
  });
});
