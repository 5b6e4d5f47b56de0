import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ReportSchedule, ReportScheduleList } from "@watchfloor/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { backgroundWork } from "../../background-work";
import { days, minutes } from "../../lib/time";
import { makeTenant, makeUser, PASSWORD } from "../../test/factories";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp, TestClient } from "../../test/test-server";
import type { JobRunner } from "../jobs/job-runner";

/**
 * Report schedules against a real SMTP server on loopback: a due schedule makes its report once
 * (however many runners ask), archives it and mails the PDF; refusals are retried with backoff
 * and end as a failed delivery the creator is told about; without SMTP the report is archived.
 */

let app: TestApp;
let sink: SmtpSink;
let runner: JobRunner;
let tenantA: string;
let tenantB: string;
let adminUser: { id: string; email: string };
let analystUser: { id: string; email: string };
let viewerUser: { id: string; email: string };

const quiet = () => undefined;
// The API tests' clock starts on Saturday 21 November 2026, 12:00 UTC.
const body = (extra: Record<string, unknown> = {}) => ({
  name: "Daily executive",
  kind: "executive",
  tenants: [tenantA],
  period: "last7",
  cadence: "daily",
  time: "13:00",
  timeZone: "UTC",
  recipients: ["ciso@example.test", "soc-lead@example.test"],
  ...extra,
});

async function schedules(client: TestClient): Promise<ReportScheduleList> {
  const response = await client.get("/api/v1/reports/schedules");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReportScheduleList;
}

async function create(client: TestClient, extra: Record<string, unknown> = {}): Promise<ReportSchedule> {
  const response = await client.post("/api/v1/reports/schedules", body(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ReportSchedule;
}

/** A fresh session (the tests move the clock by days, past any session's life). */
async function as(user: { email: string }, on: TestApp = app): Promise<TestClient> {
  const client = new TestClient(on);
  const response = await client.signIn(user.email, PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

/** Moves the clock and runs what is due, as the runner's timer would. */
async function advance(ms: number) {
  app.clock.now += ms;
  await runner.runDue();
}

const pdfText = (content: Buffer) => {
  const dir = mkdtempSync(path.join(tmpdir(), "wf-mail-"));
  const file = path.join(dir, "report.pdf");
  writeFileSync(file, content);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
};

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({
    WATCHFLOOR_SMTP_URL: sink.url,
    WATCHFLOOR_SMTP_FROM: "Watchfloor <reports@example.test>",
    // Each step signs in afresh (sessions do not outlive the days the clock moves).
    WATCHFLOOR_SIGNIN_RATE_PER_MINUTE: "1000",
  });
  runner = backgroundWork(app.ctx, quiet);
  tenantA = (await makeTenant(app, "Sched A")).id;
  tenantB = (await makeTenant(app, "Sched B")).id;
  adminUser = await makeUser(app, [{ tenantId: tenantA, role: "admin" }]);
  analystUser = await makeUser(app, [{ tenantId: tenantA, role: "analyst" }]);
  viewerUser = await makeUser(app, [{ tenantId: tenantA, role: "viewer" }]);
}, 60_000);

// Each test starts with no schedule, whatever the one before left.
afterEach(async () => {
  await app.ctx.db.deleteFrom("report_schedules").execute();
});

afterAll(async () => {
  await runner.stop();
  await app.close();
  await sink.close();
});

describe("report schedules", () => {
  it("refuses bad schedules with the field and reason, and roles that may not schedule", async () => {
    const weekly = await (await as(adminUser)).post("/api/v1/reports/schedules", body({ cadence: "weekly" }));
    expect(weekly.statusCode).toBe(400);
    expect(weekly.body).toContain("weekday");
    const zone = await (await as(adminUser)).post("/api/v1/reports/schedules", body({ timeZone: "Mars/Olympus" }));
    expect(zone.statusCode).toBe(400);
    expect(zone.json().details[0].path).toBe("timeZone");
    const time = await (await as(adminUser)).post("/api/v1/reports/schedules", body({ time: "25:00" }));
    expect(time.statusCode).toBe(400);
    expect(time.body).toContain("time");
    const mail = await (await as(adminUser)).post("/api/v1/reports/schedules", body({ recipients: ["not an address"] }));
    expect(mail.statusCode).toBe(400);
    expect(mail.body).toContain("recipients");
    // A tenant the admin does not belong to does not exist for them.
    expect((await (await as(adminUser)).post("/api/v1/reports/schedules", body({ tenants: [tenantB] }))).statusCode).toBe(404);
    expect((await (await as(analystUser)).post("/api/v1/reports/schedules", body())).statusCode).toBe(403);
    expect((await (await as(viewerUser)).post("/api/v1/reports/schedules", body())).statusCode).toBe(403);
  });

  it("makes a due report once, archives it and mails the PDF to every recipient", async () => {
    const schedule = await create(await as(adminUser));
    expect(schedule.nextRunAt).toBe("2026-11-21T13:00:00.000Z");
    expect((await schedules(await as(viewerUser))).items.map((s) => s.id)).toContain(schedule.id);

    await advance(minutes(30));
    expect(sink.messages).toHaveLength(0);
    await advance(minutes(31));
    const [mail] = await sink.waitFor(1);
    expect(mail?.subject).toContain("Daily executive");
    expect(mail?.to && "value" in mail.to ? mail.to.value.map((v) => v.address).sort() : []).toEqual([
      "ciso@example.test",
      "soc-lead@example.test",
    ]);
    const attachment = mail?.attachments[0];
    expect(attachment?.contentType).toBe("application/pdf");
    expect(attachment?.filename).toMatch(/^watchfloor-executive-sched-a-2026-11-15-to-2026-11-21\.pdf$/);
    const text = pdfText(attachment?.content as Buffer);
    expect(text).toContain("Sched A");
    expect(text).toContain("Executive report");
    expect(text).toContain("Last 7 days (2026-11-15 to 2026-11-21)");

    // Asked again, and by a second runner (another server), nothing more happens.
    const other = backgroundWork(app.ctx, quiet);
    await Promise.all([runner.runDue(), other.runDue(), runner.runDue()]);
    expect(sink.messages).toHaveLength(1);

    const [listed] = (await schedules(await as(adminUser))).items.filter((s) => s.id === schedule.id);
    expect(listed?.nextRunAt).toBe("2026-11-22T13:00:00.000Z");
    expect(listed?.deliveries).toHaveLength(1);
    expect(listed?.deliveries[0]).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    const archive = (await (await as(viewerUser)).get("/api/v1/reports/archive")).json() as {
      items: { id: string; createdBy: string }[];
    };
    expect(archive.items.find((r) => r.id === listed?.deliveries[0]?.reportId)?.createdBy).toContain(
      'schedule "Daily executive"',
    );
    const audit = await (await as(adminUser)).get("/api/v1/audit?limit=50");
    expect(audit.body).toContain("report.sent");
    expect(audit.body).toContain("report.schedule_created");
    await (await as(adminUser)).delete(`/api/v1/reports/schedules/${schedule.id}`);
  });

  it("makes up a run missed while no server ran once, not once per missed day", async () => {
    const schedule = await create(await as(adminUser), { name: "Missed", time: "06:00" });
    const before = sink.messages.length;
    // Three days pass without any runner (the servers were down).
    app.clock.now += days(3);
    await runner.runDue();
    await sink.waitFor(before + 1);
    await runner.runDue();
    expect(sink.messages).toHaveLength(before + 1);
    const [listed] = (await schedules(await as(adminUser))).items.filter((s) => s.id === schedule.id);
    expect(listed?.deliveries).toHaveLength(1);
    expect(Date.parse(listed?.nextRunAt ?? "")).toBeGreaterThan(app.clock.now);
    await (await as(adminUser)).delete(`/api/v1/reports/schedules/${schedule.id}`);
  });

  it("retries a refused mail with backoff and shows the error meanwhile", async () => {
    const schedule = await create(await as(adminUser), { name: "Busy server", time: "23:30", cadence: "daily" });
    const before = sink.messages.length;
    sink.refuseNext(2);
    app.clock.now = Date.parse(schedule.nextRunAt) + 1000;
    await runner.runDue();
    let [listed] = (await schedules(await as(adminUser))).items.filter((s) => s.id === schedule.id);
    expect(listed?.deliveries[0]).toMatchObject({ status: "retrying", attempts: 1 });
    expect(listed?.deliveries[0]?.lastError).toContain("451");
    await advance(minutes(0.5)); // second try after 30 s: refused again
    [listed] = (await schedules(await as(adminUser))).items.filter((s) => s.id === schedule.id);
    expect(listed?.deliveries[0]).toMatchObject({ status: "retrying", attempts: 2 });
    await advance(minutes(0.5)); // the next try is a minute after the second: not yet
    expect(sink.messages).toHaveLength(before);
    await advance(minutes(0.5));
    await sink.waitFor(before + 1);
    [listed] = (await schedules(await as(adminUser))).items.filter((s) => s.id === schedule.id);
    expect(listed?.deliveries[0]).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    await (await as(adminUser)).delete(`/api/v1/reports/schedules/${schedule.id}`);
  });

  it("fails a delivery after its last try, audits it and tells the schedule's creator", async () => {
    const schedule = await create(await as(adminUser), { name: "Never delivered", time: "05:00" });
    sink.refuseNext(5);
    app.clock.now = Date.parse(schedule.nextRunAt) + 1000;
    await runner.runDue();
    for (let i = 0; i < 4; i++) await advance(minutes(30));
    const [listed] = (await schedules(await as(adminUser))).items.filter((s) => s.id === schedule.id);
    expect(listed?.deliveries[0]).toMatchObject({ status: "failed", attempts: 5 });
    const notes = await (await as(adminUser)).get("/api/v1/notifications");
    expect(notes.body).toContain("could not be mailed after 5 tries");
    expect((await (await as(adminUser)).get("/api/v1/audit?event=report.send_failed")).body).toContain("report.send_failed");
    await (await as(adminUser)).delete(`/api/v1/reports/schedules/${schedule.id}`);
  });

  it("does not make a report its creator may no longer read, and says why", async () => {
    const leaver = await makeUser(app, [
      { tenantId: tenantA, role: "admin" },
      { tenantId: tenantB, role: "admin" },
    ]);
    const client = new TestClient(app);
    expect((await client.signIn(leaver.email, PASSWORD)).statusCode).toBe(200);
    const response = await client.post("/api/v1/reports/schedules", body({ name: "Both tenants", tenants: [tenantA, tenantB] }));
    expect(response.statusCode, response.body).toBe(201);
    const schedule = response.json() as ReportSchedule;
    // A viewer of tenant A alone does not see a schedule that also covers tenant B.
    expect((await schedules(await as(viewerUser))).items.map((s) => s.id)).not.toContain(schedule.id);
    await app.ctx.db.deleteFrom("memberships").where("user_id", "=", leaver.id).where("tenant_id", "=", tenantB).execute();
    const before = sink.messages.length;
    app.clock.now = Date.parse(schedule.nextRunAt) + 1000;
    await runner.runDue();
    expect(sink.messages).toHaveLength(before);
    const rows = await app.ctx.db.selectFrom("report_deliveries").selectAll().where("schedule_id", "=", schedule.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("not-made");
    expect(rows[0]?.last_error).toContain("1 of its tenants");
  });

  it("shows a schedule only to people who may read its kind in each of its tenants", async () => {
    const service = await create(await as(adminUser), { name: "Service for A", kind: "service" });
    const executive = await create(await as(adminUser), { name: "Executive for A" });
    // An executive of A (no service reports there) who is a viewer of B (service reports there).
    const mixed = await makeUser(app, [
      { tenantId: tenantA, role: "executive" },
      { tenantId: tenantB, role: "viewer" },
    ]);
    const ids = (await schedules(await as(mixed))).items.map((s) => s.id);
    expect(ids).toContain(executive.id);
    expect(ids).not.toContain(service.id);
  });

  it("switches a schedule off and on without a burst of missed runs", async () => {
    const schedule = await create(await as(adminUser), { name: "Paused", time: "10:00" });
    const off = await (await as(adminUser)).patch(`/api/v1/reports/schedules/${schedule.id}`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    const before = sink.messages.length;
    await advance(days(2));
    expect(sink.messages).toHaveLength(before);
    const on = (
      await (await as(adminUser)).patch(`/api/v1/reports/schedules/${schedule.id}`, { enabled: true })
    ).json() as ReportSchedule;
    expect(Date.parse(on.nextRunAt)).toBeGreaterThan(app.clock.now);
    await runner.runDue();
    expect(sink.messages).toHaveLength(before);
    expect((await (await as(analystUser)).patch(`/api/v1/reports/schedules/${schedule.id}`, { enabled: false })).statusCode).toBe(
      403,
    );
    expect((await (await as(analystUser)).delete(`/api/v1/reports/schedules/${schedule.id}`)).statusCode).toBe(403);
    expect((await (await as(adminUser)).delete(`/api/v1/reports/schedules/${schedule.id}`)).statusCode).toBe(204);
    expect((await (await as(adminUser)).delete(`/api/v1/reports/schedules/${schedule.id}`)).statusCode).toBe(404);
  });
});

describe("report schedules without SMTP", () => {
  it("archive the report and say that mail is off", async () => {
    const plain = await createTestApp();
    try {
      const tenant = (await makeTenant(plain, "No Mail")).id;
      const owner = await makeUser(plain, [{ tenantId: tenant, role: "owner" }]);
      const created = await (await as(owner, plain)).post("/api/v1/reports/schedules", { ...body(), tenants: [], name: "Quiet" });
      expect(created.statusCode, created.body).toBe(201);
      const jobs = backgroundWork(plain.ctx, quiet);
      plain.clock.now += days(1);
      await jobs.runDue();
      const list = (await (await as(owner, plain)).get("/api/v1/reports/schedules")).json() as ReportScheduleList;
      expect(list.mailEnabled).toBe(false);
      expect(list.items[0]?.allTenants).toBe(true);
      expect(list.items[0]?.deliveries[0]).toMatchObject({ status: "mail-off" });
      expect(list.items[0]?.deliveries[0]?.reportId).toBeTruthy();
    } finally {
      await plain.close();
    }
  });
});
