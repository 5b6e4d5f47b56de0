import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minutes } from "../../lib/time";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-server";
import { type ClaimedJob, JobRunner } from "./job-runner";
import { claimJob } from "./jobs.repository";

/**
 * The job runner on a real database: a job of one kind and key exists once, runs once however
 * many runners (servers) race for it, is retried with backoff and ends dead after its last try;
 * a periodic task runs once per slot; a job whose server died is taken over when its lease ends.
 */

let app: TestApp;
const quiet = () => undefined;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("job runner", () => {
  it("runs each job once when several runners race for forty of them", async () => {
    const ran: string[] = [];
    const handler = {
      kind: "race",
      run: async (job: ClaimedJob) => {
        ran.push(job.key);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    const runners = [1, 2, 3].map(() => new JobRunner(app.ctx, { handlers: [handler], periodic: [], log: quiet }));
    for (let i = 0; i < 40; i++) {
      // Every runner enqueues every job, as every server would for a schedule's due time.
      for (const runner of runners) await runner.enqueue("race", `job-${i}`, { i });
    }
    await Promise.all(runners.flatMap((runner) => [runner.runDue(), runner.runDue()]));
    expect(ran.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `job-${i}`).sort());
    const rows = await app.ctx.db.selectFrom("jobs").select(["status", "attempts"]).where("kind", "=", "race").execute();
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => r.status === "succeeded" && Number(r.attempts) === 1)).toBe(true);
  });

  it("runs a periodic task once per slot across runners", async () => {
    let runs = 0;
    const task = {
      kind: "tick",
      everyMs: minutes(1),
      run: async () => {
        runs += 1;
      },
    };
    const a = new JobRunner(app.ctx, { handlers: [], periodic: [task], log: quiet });
    const b = new JobRunner(app.ctx, { handlers: [], periodic: [task], log: quiet });
    await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    app.clock.now += minutes(1);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
    // A runner that was down for ten slots makes up the current one only.
    app.clock.now += minutes(10);
    await a.runDue();
    expect(runs).toBe(3);
  });

  it("retries a failing job with growing delays, then marks it dead and says so once", async () => {
    const attempts: number[] = [];
    const dead: string[] = [];
    const runner = new JobRunner(app.ctx, {
      handlers: [
        {
          kind: "flaky",
          maxAttempts: 3,
          run: async (job) => {
            attempts.push(job.attempt);
            throw new Error(`refused on try ${job.attempt}`);
          },
          onDead: async (_job, error) => {
            dead.push(error);
          },
        },
      ],
      periodic: [],
      log: quiet,
    });
    await runner.enqueue("flaky", "one", null);
    await runner.runDue();
    expect(attempts).toEqual([1]);
    let row = await app.ctx.db.selectFrom("jobs").selectAll().where("kind", "=", "flaky").executeTakeFirstOrThrow();
    expect(row.status).toBe("queued");
    expect(row.last_error).toBe("refused on try 1");
    expect(Number(row.run_at)).toBe(app.clock.now + 30_000);
    app.clock.now += 29_000;
    await runner.runDue();
    expect(attempts).toEqual([1]);
    app.clock.now += 1_000;
    await runner.runDue();
    expect(attempts).toEqual([1, 2]);
    app.clock.now += 60_000;
    await runner.runDue();
    expect(attempts).toEqual([1, 2, 3]);
    row = await app.ctx.db.selectFrom("jobs").selectAll().where("kind", "=", "flaky").executeTakeFirstOrThrow();
    expect(row.status).toBe("dead");
    expect(dead).toEqual(["refused on try 3"]);
    app.clock.now += minutes(60);
    await runner.runDue();
    expect(attempts).toHaveLength(3);
  });

  it("takes over a job whose server stopped renewing its lease", async () => {
    const runner = new JobRunner(app.ctx, {
      handlers: [{ kind: "orphan", run: async () => "done" }],
      periodic: [],
      leaseMs: minutes(5),
      log: quiet,
    });
    await runner.enqueue("orphan", "x", null);
    // Another server claimed it and died.
    const claimed = await claimJob(app.ctx.db, "dead-server", app.clock.now, minutes(5));
    expect(claimed?.kind).toBe("orphan");
    await runner.runDue();
    let row = await app.ctx.db.selectFrom("jobs").selectAll().where("kind", "=", "orphan").executeTakeFirstOrThrow();
    expect(row.status).toBe("running");
    app.clock.now += minutes(6);
    await runner.runDue();
    row = await app.ctx.db.selectFrom("jobs").selectAll().where("kind", "=", "orphan").executeTakeFirstOrThrow();
    expect(row.status).toBe("succeeded");
    expect(row.claimed_by).toBe(runner.owner);
    expect(Number(row.attempts)).toBe(2);
  });

  it("shows the history to platform administrators only, and the runner in /readyz", async () => {
    const tenant = (await makeTenant(app, "Jobs")).id;
    const { client: owner } = await signedInClient(app, [{ tenantId: tenant, role: "owner" }]);
    expect((await owner.get("/api/v1/jobs")).statusCode).toBe(403);
    const { client: platform } = await signedInClient(app, [{ tenantId: tenant, role: "owner" }], { platformAdmin: true });
    const page = await platform.get("/api/v1/jobs?status=dead");
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { items: { kind: string; lastError: string }[]; counts: { dead: number } };
    expect(body.items.map((j) => j.kind)).toEqual(["flaky"]);
    expect(body.items[0]?.lastError).toBe("refused on try 3");
    expect(body.counts.dead).toBe(1);
    expect((await platform.get("/api/v1/jobs?status=sideways")).statusCode).toBe(400);

    const before = (await app.app.inject({ url: "/readyz" })).json();
    expect(before.jobs).toBeNull();
    const runner = new JobRunner(app.ctx, { handlers: [], periodic: [], log: quiet });
    app.ctx.jobs = runner;
    runner.start();
    await runner.runDue();
    const ready = (await app.app.inject({ url: "/readyz" })).json();
    expect(ready.jobs).toMatchObject({ running: true, lastPassError: null, dead: 1 });
    expect(ready.changeFeed.kind).toBe("in-process");
    await runner.stop();
    app.ctx.jobs = undefined;
  });
});
