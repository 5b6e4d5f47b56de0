import { type AlertSortKey, type AlertSummary, alertSortKeys, type Priority, priorityRank } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

let app: TestApp;
let analyst: TestClient;
let outsider: TestClient;

// Values compare the same under SQLite's byte order and PostgreSQL's collation (lower-case
// letters, digits in the same places); nulls on purpose, since both engines must put them first.
const words = ["delta", "alpha", "charlie", null, "bravo"];
const priorities: Priority[] = ["Low", "Critical", "Medium", "High"];
const tactics = [["Execution"], ["Credential Access", "Persistence"], [], ["Discovery"]];
const techniques = [["T1059.001"], [], ["T1110"], ["T1021", "T1059"]];
const environments = ["Hybrid", null, "Cloud", "On-premise"];

const alert = (n: number) => ({
  source: n % 2 ? "edr" : "siem",
  sourceId: `sort-${n}`,
  name: `sorted alert ${String.fromCharCode(97 + ((n * 7) % 26))}`,
  priority: priorities[n % priorities.length],
  detectedAt: new Date(Date.UTC(2026, 10, 20, 8, (n * 37) % 60)).toISOString(),
  detectionSource: words[n % words.length],
  sourceTool: words[(n + 1) % words.length],
  hostname: words[(n + 2) % words.length],
  username: words[(n + 3) % words.length],
  srcIp: n % 3 ? `10.0.${n % 4}.${n % 7}` : null,
  clientEnvironment: environments[n % environments.length],
  tactics: tactics[n % tactics.length],
  mitreTechniques: techniques[(n + 1) % techniques.length],
});

beforeAll(async () => {
  app = await createTestApp();
  const first = await makeTenant(app, "Sort Tenant Bravo");
  const second = await makeTenant(app, "Sort Tenant Alpha");
  const other = await makeTenant(app, "Sort Tenant Outside");
  analyst = (
    await signedInClient(app, [
      { tenantId: first.id, role: "analyst" },
      { tenantId: second.id, role: "analyst" },
    ])
  ).client;
  outsider = (await signedInClient(app, [{ tenantId: other.id, role: "analyst" }])).client;
  for (const [tenant, from, to] of [
    [first.id, 0, 9],
    [second.id, 9, 14],
  ] as const) {
    const body = Array.from({ length: to - from }, (_, i) => alert(from + i));
    expect((await analyst.post(`/api/v1/alerts/bulk?tenantId=${tenant}`, body)).json()).toMatchObject({ rejected: [] });
  }
  await outsider.post(`/api/v1/alerts/bulk?tenantId=${other.id}`, [alert(50), alert(51)]);
});
afterAll(() => app.close());

/** What each column sorts by, read from the list's own items (text nulls count as ""). */
function sortValue(a: AlertSummary, sort: AlertSortKey): string | number {
  switch (sort) {
    case "detectedAt":
    case "updatedAt":
      return Date.parse(a[sort]);
    case "priority":
      return priorityRank[a.priority];
    case "ackSla":
      return Date.parse(a.ackDueAt ?? "");
    case "respondSla":
      return Date.parse(a.respondDueAt ?? "");
    case "tactics":
    case "mitreTechniques":
      return JSON.stringify(a[sort]);
    default:
      return a[sort] ?? "";
  }
}

async function allPages(sort: AlertSortKey, dir: "asc" | "desc"): Promise<AlertSummary[]> {
  const items: AlertSummary[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 20; guard++) {
    const response = await analyst.get(`/api/v1/alerts?sort=${sort}&dir=${dir}&limit=4${cursor ? `&cursor=${cursor}` : ""}`);
    expect(response.statusCode, response.body).toBe(200);
    const page: { items: AlertSummary[]; nextCursor: string | null } = response.json();
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return items;
}

describe("alert list sorting", () => {
  it.each(alertSortKeys.flatMap((sort) => [[sort, "asc"] as const, [sort, "desc"] as const]))(
    "sorts on %s %s across keyset pages",
    async (sort, dir) => {
      const items = await allPages(sort, dir);
      // Every alert of the caller's tenants once, none of another tenant's.
      expect(items).toHaveLength(14);
      expect(new Set(items.map((a) => a.id)).size).toBe(14);
      expect(items.every((a) => a.tenantName !== "Sort Tenant Outside")).toBe(true);
      const sign = dir === "asc" ? 1 : -1;
      const expected = [...items].sort((a, b) => {
        const [x, y] = [sortValue(a, sort), sortValue(b, sort)];
        if (x !== y) return (x < y ? -1 : 1) * sign;
        return (a.id < b.id ? -1 : 1) * sign;
      });
      expect(items.map((a) => a.id)).toEqual(expected.map((a) => a.id));
    },
  );

  it("sorts tenants by name, not by id", async () => {
    const names = (await allPages("tenantName", "asc")).map((a) => a.tenantName);
    expect(names.indexOf("Sort Tenant Bravo")).toBeGreaterThan(names.lastIndexOf("Sort Tenant Alpha"));
  });

  it("continues a page from SQLite's rowid there, from the id on PostgreSQL", async () => {
    const first = (await analyst.get("/api/v1/alerts?sort=status&dir=asc&limit=2")).json();
    const issued = JSON.parse(Buffer.from(first.nextCursor, "base64url").toString());
    expect(typeof issued.r).toBe(app.ctx.dialect === "sqlite" ? "number" : "undefined");
    // A cursor without the rowid (issued before migration 0011) cannot continue on SQLite.
    const withoutRowid = Buffer.from(JSON.stringify({ ...issued, r: undefined })).toString("base64url");
    const response = await analyst.get(`/api/v1/alerts?sort=status&dir=asc&limit=2&cursor=${withoutRowid}`);
    expect(response.statusCode).toBe(app.ctx.dialect === "sqlite" ? 400 : 200);
  });

  it("refuses a cursor issued for another sort", async () => {
    const first = (await analyst.get("/api/v1/alerts?sort=hostname&dir=asc&limit=2")).json();
    const response = await analyst.get(`/api/v1/alerts?sort=username&dir=asc&cursor=${first.nextCursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe("cursor");
  });
});
