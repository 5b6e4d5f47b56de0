import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { AppContext } from "../context";
import { openDatabase } from "../db/database";
import { createTestApp, TestClient, type TestApp, testDialect } from "../test/test-server";

/** Sign-in attempts per address and minute; counted in the database (issue 19). */
const LIMIT = 3;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ WATCHFLOOR_SIGNIN_RATE_PER_MINUTE: String(LIMIT) });
});
afterAll(() => app.close());

const attempt = (client: TestClient) =>
  client.request({
    method: "POST",
    url: "/api/v1/auth/sign-in",
    payload: { email: "nobody@example.test", password: "Wrong-Password-2026" },
  });

describe("request rate limits", () => {
  it("answers 429 past the limit for one address, in the error shape, and not for another address", async () => {
    const client = new TestClient(app, "limits", "198.51.100.7");
    await client.refresh();
    for (let i = 0; i < LIMIT; i++) expect((await attempt(client)).statusCode).toBe(401);
    const limited = await attempt(client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const other = new TestClient(app, "limits", "198.51.100.8");
    await other.refresh();
    expect((await attempt(other)).statusCode).toBe(401);
  });

  // Two servers share one database only on PostgreSQL.
  it.skipIf(testDialect() !== "postgres")("counts one address's attempts on two servers together", async () => {
    const second = openDatabase(app.ctx.env.WATCHFLOOR_DATABASE_URL, "/nonexistent");
    const ctxB: AppContext = { ...app.ctx, db: second.db, dialect: second.dialect, bulk: second.bulk };
    const serverB = await buildApp(ctxB, { logger: false });
    await serverB.app.ready();
    try {
      const onA = new TestClient(app, "two-servers", "198.51.100.9");
      const onB = new TestClient({ ...app, app: serverB.app } as TestApp, "two-servers", "198.51.100.9");
      await onA.refresh();
      await onB.refresh();
      expect((await attempt(onA)).statusCode).toBe(401);
      expect((await attempt(onB)).statusCode).toBe(401);
      expect((await attempt(onA)).statusCode).toBe(401);
      // The fourth from this address, wherever it lands: a per-server count would allow it.
      expect((await attempt(onB)).statusCode).toBe(429);
    } finally {
      await serverB.app.close();
      await second.destroy();
    }
  });
});
