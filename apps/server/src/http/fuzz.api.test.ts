import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, signedInClient } from "../test/factories";
import { badValues, type OpenApiDoc, operations } from "../test/fuzz-cases";
import { isolationFixtures } from "../test/isolation-fixtures";
import { createTestApp, type TestApp, type TestClient } from "../test/test-server";

/**
 * Issue 13: every operation of the OpenAPI document, called by a platform owner who owns the
 * tenant, with bad values in every path parameter, query parameter and body property (wrong
 * types, empty, NUL, huge, deep nesting, control and bidi characters, numbers out of range).
 * No answer may be 500 or above, and a refused write leaves every table as it was. Routes come
 * from the document, so new ones are fuzzed without editing this file. Bounded and seeded: the
 * same cases run every time.
 */
let app: TestApp;
let client: TestClient;
let email: string;
let fixtures: Awaited<ReturnType<typeof isolationFixtures>>;

// These change the caller's own session; fuzzing them would sign the fuzzer out mid-run.
const SKIP = new Set(["POST /api/v1/auth/sign-out", "POST /api/v1/auth/sessions/revoke-others", "POST /api/v1/test/clock"]);
// Tables that record an attempt even when it is refused (the audit trail, failure counters), and
// the overview rollups, which the background refresher writes whenever it likes.
const ATTEMPT_TABLES = new Set(["audit_log", "sign_in_failures", "rate_limits", "notifications", "sessions", "user_devices"]);
const untracked = (table: string) => ATTEMPT_TABLES.has(table) || table.startsWith("rollup_") || table.includes("fts");
let tracked: string[] = [];

beforeAll(async () => {
  app = await createTestApp({ WATCHFLOOR_TEST_CLOCK: "1", WATCHFLOOR_SIGNIN_RATE_PER_MINUTE: "100000" });
  fixtures = await isolationFixtures(app);
  let user: { email: string };
  ({ client, user } = await signedInClient(
    app,
    [
      { tenantId: fixtures.tenantA.id, role: "owner" },
      { tenantId: fixtures.tenantB.id, role: "owner" },
    ],
    { platformAdmin: true },
  ));
  email = user.email;
  tracked = (await app.ctx.db.introspection.getTables())
    .map((t) => t.name)
    .filter((n) => !untracked(n))
    .sort();
});
afterAll(() => app.close());

/** Row counts of every table but the attempt logs, as one string to compare. */
async function tableCounts(): Promise<string> {
  const parts = tracked.map((t) => sql`select ${t} as t, count(*) as n from ${sql.table(t)}`);
  const rows = await sql<{ t: string; n: number }>`${sql.join(parts, sql` union all `)}`.execute(app.ctx.db);
  return rows.rows.map((r) => `${r.t}=${r.n}`).join(" ");
}

describe("fuzzing every route", () => {
  it("answers every bad value with less than 500 and writes nothing on refusal", { timeout: 600_000 }, async () => {
    const doc = app.app.swagger() as unknown as OpenApiDoc;
    const failures: string[] = [];
    let cases = 0;
    for (const op of operations(doc, fixtures, badValues())) {
      if (SKIP.has(op.key)) continue;
      const write = op.method !== "GET";
      const before = write ? await tableCounts() : "";
      const response = await client.request({
        method: op.method,
        url: op.url,
        payload: op.payload as never,
        headers: op.headers,
      });
      cases++;
      if (response.statusCode >= 500)
        failures.push(`${op.key} ${op.label} -> ${response.statusCode} ${response.body.slice(0, 160)}`);
      if (write && response.statusCode >= 400 && response.statusCode < 500) {
        const after = await tableCounts();
        if (after !== before) failures.push(`${op.key} ${op.label} -> ${response.statusCode} but wrote: ${diff(before, after)}`);
      }
      // A case may have ended the session (a password change); sign back in to go on.
      if (response.statusCode === 401) await client.signIn(email, PASSWORD);
    }
    expect(cases).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
});

function diff(before: string, after: string): string {
  const was = new Map(before.split(" ").map((p) => p.split("=") as [string, string]));
  return after
    .split(" ")
    .map((p) => p.split("=") as [string, string])
    .filter(([t, n]) => was.get(t) !== n)
    .map(([t, n]) => `${t} ${was.get(t)}->${n}`)
    .join(", ");
}
