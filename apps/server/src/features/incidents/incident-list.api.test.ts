import { type IncidentSortKey, type IncidentSummary, incidentSortKeys, priorityRank } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

let app: TestApp;
let tenantA: string;
let tenantB: string;
/** Analyst of both tenants; `onlyA` is an analyst of tenant A alone. */
let both: TestClient;
let onlyA: TestClient;
const created: { id: string; tenantId: string; title: string }[] = [];

const minute = 60_000;
/** The moves from Open to each status (closing needs none before it). */
const workflow = ["Acknowledged", "In Progress", "Resolved"];
type Page = { items: IncidentSummary[]; nextCursor: string | null };
const list = async (client: TestClient, query: string): Promise<Page> => {
  const response = await client.get(`/api/v1/incidents?${query}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json();
};
const ids = (page: Page) => page.items.map((i) => i.id);
const titles = async (client: TestClient, query: string) =>
  (await list(client, `${query}&limit=200`)).items.map((i) => i.title).sort();

/** Every page of a sort, following the cursors. */
async function walk(client: TestClient, query: string, limit: number): Promise<IncidentSummary[]> {
  const seen: IncidentSummary[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(client, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

const sortValue: Record<IncidentSortKey, (i: IncidentSummary) => string | number> = {
  createdAt: (i) => i.createdAt,
  updatedAt: (i) => i.updatedAt,
  priority: (i) => priorityRank[i.priority],
  status: (i) => i.status,
  title: (i) => i.title,
  owner: (i) => i.ownerName ?? "",
  tenant: (i) => i.tenantName,
  alertCount: (i) => i.alertCount,
};

beforeAll(async () => {
  app = await createTestApp();
  tenantA = (await makeTenant(app, "Acme List")).id;
  tenantB = (await makeTenant(app, "Bravo List")).id;
  const analystOfBoth = [tenantA, tenantB].map((tenantId) => ({ tenantId, role: "analyst" as const }));
  both = (await signedInClient(app, analystOfBoth)).client;
  onlyA = (await signedInClient(app, [{ tenantId: tenantA, role: "analyst" }])).client;
  const lee = (await makeUser(app, analystOfBoth, { displayName: "Lee Chen" })).id;
  const ada = (await makeUser(app, [{ tenantId: tenantA, role: "analyst" }], { displayName: "Ada Park" })).id;
  const zed = (await makeUser(app, [{ tenantId: tenantB, role: "analyst" }], { displayName: "Zed Stone" })).id;
  // [tenant, title, priority, owner, status to move to, linked alerts]; some share a creation minute.
  const rows: [string, string, string, string | null, string | null, number][] = [
    [tenantA, "Beaconing from db-01", "High", lee, null, 2],
    [tenantA, "Phishing wave", "Medium", ada, "Acknowledged", 0],
    [tenantA, "Ransomware note", "Critical", null, "In Progress", 1],
    [tenantA, "Credential stuffing", "Low", lee, "Resolved", 0],
    [tenantA, "Admin login at night", "High", null, null, 3],
    [tenantA, "Data exfiltration", "Critical", ada, "Closed", 0],
    [tenantA, "Port scan", "Low", null, null, 0],
    [tenantB, "Bravo secret breach", "Critical", zed, null, 1],
    [tenantB, "Bravo phishing", "Medium", lee, "Acknowledged", 0],
    [tenantB, "Bravo malware", "High", null, null, 2],
    [tenantB, "Bravo beaconing", "Low", zed, "Closed", 0],
  ];
  let alert = 0;
  for (const [index, [tenantId, title, priority, ownerUserId, status, alerts]] of rows.entries()) {
    if (index % 3 !== 2) app.clock.now += minute;
    const alertIds: string[] = [];
    for (let n = 0; n < alerts; n++) {
      const body = { source: "siem", sourceId: `list-${++alert}`, name: `Alert ${alert}`, priority: "Low" };
      alertIds.push((await both.post(`/api/v1/alerts?tenantId=${tenantId}`, body)).json().id);
    }
    const incident = (await both.post("/api/v1/incidents", { tenantId, title, priority, ownerUserId, alertIds })).json().incident;
    created.push({ id: incident.id, tenantId, title });
    const moves = status === "Closed" ? [status] : workflow.slice(0, workflow.indexOf(status ?? "") + 1);
    for (const move of moves) {
      const body = { status: move, ...(move === "Closed" ? { resolutionType: "Manual", closureNotes: "False positive." } : {}) };
      expect((await both.post(`/api/v1/incidents/${incident.id}/transition`, body)).statusCode, `${title} to ${move}`).toBe(200);
    }
  }
});
afterAll(() => app.close());

describe("incident list filters", () => {
  it("filters by view, status, priority, owner, tenant, created date and text", async () => {
    expect(await titles(both, `view=open&tenant=${tenantA}`)).toEqual([
      "Admin login at night",
      "Beaconing from db-01",
      "Phishing wave",
      "Port scan",
      "Ransomware note",
    ]);
    expect(await titles(both, "view=closed")).toEqual(["Bravo beaconing", "Credential stuffing", "Data exfiltration"]);
    expect(await titles(both, "status=Acknowledged,In%20Progress")).toEqual([
      "Bravo phishing",
      "Phishing wave",
      "Ransomware note",
    ]);
    expect(await titles(both, `status=Closed&status=Resolved&tenant=${tenantA}`)).toEqual([
      "Credential stuffing",
      "Data exfiltration",
    ]);
    expect(await titles(both, "view=open&status=Closed")).toEqual([]);
    expect(await titles(both, "priority=Critical")).toEqual(["Bravo secret breach", "Data exfiltration", "Ransomware note"]);
    expect(await titles(both, "owner=Lee%20Chen")).toEqual(["Beaconing from db-01", "Bravo phishing", "Credential stuffing"]);
    expect(await titles(both, "owner=unassigned&priority=High,Low")).toEqual([
      "Admin login at night",
      "Bravo malware",
      "Port scan",
    ]);
    expect(await titles(both, `owner=Ada%20Park,unassigned&tenant=${tenantA}`)).toEqual([
      "Admin login at night",
      "Data exfiltration",
      "Phishing wave",
      "Port scan",
      "Ransomware note",
    ]);
    expect(await titles(both, `tenant=${tenantB}`)).toEqual([
      "Bravo beaconing",
      "Bravo malware",
      "Bravo phishing",
      "Bravo secret breach",
    ]);
    expect(await titles(both, "q=BRAVO%20P")).toEqual(["Bravo phishing"]);
    expect(await titles(both, "q=100%25")).toEqual([]);
    // A reference finds its incident: the number alone in every tenant, with the slug in one.
    expect(await titles(both, "q=INC-0002")).toEqual(["Bravo phishing", "Phishing wave"]);
    expect(await titles(both, "q=acme-list-inc-2")).toEqual(["Phishing wave"]);

    const all = (await list(both, "sort=createdAt&dir=asc&limit=200")).items;
    const third = all[2]?.createdAt ?? "";
    const sixth = all[5]?.createdAt ?? "";
    const between = (await list(both, `from=${third}&to=${sixth}&limit=200`)).items;
    expect(between.length).toBeGreaterThan(0);
    expect(between.every((i) => i.createdAt >= third && i.createdAt < sixth)).toBe(true);
    expect(between.length).toBe(all.filter((i) => i.createdAt >= third && i.createdAt < sixth).length);
  });

  it("refuses bad values with the field's path", async () => {
    for (const [query, field] of [
      ["status=Pending", "status"],
      ["priority=Urgent", "priority"],
      ["sort=severity", "sort"],
      ["dir=up", "dir"],
      ["from=yesterday", "from"],
      ["limit=0", "limit"],
      ["view=mine", "view"],
    ]) {
      const response = await both.get(`/api/v1/incidents?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].path, query).toMatch(new RegExp(`^querystring\\.${field}`));
    }
  });
});

describe("incident list sorting and keyset pages", () => {
  it("sorts on every column both ways and pages across the whole list", async () => {
    const total = created.length;
    for (const sort of incidentSortKeys) {
      const asc = await walk(both, `sort=${sort}&dir=asc`, 3);
      const desc = await walk(both, `sort=${sort}&dir=desc`, 4);
      expect(asc.length, sort).toBe(total);
      expect(new Set(ids({ items: asc, nextCursor: null })).size, sort).toBe(total);
      // (column, id) is a total order: descending is ascending reversed, ties included.
      expect(
        desc.map((i) => i.id),
        sort,
      ).toEqual(asc.map((i) => i.id).reverse());
      const values = asc.map(sortValue[sort]);
      expect(values, sort).toEqual([...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(ids(await list(both, `sort=${sort}&dir=asc&limit=200`)), sort).toEqual(asc.map((i) => i.id));
    }
  });

  it("keeps the filters on every page", async () => {
    const pages = await walk(both, "sort=title&dir=asc&priority=High,Critical", 2);
    expect(pages.map((i) => i.title)).toEqual([
      "Admin login at night",
      "Beaconing from db-01",
      "Bravo malware",
      "Bravo secret breach",
      "Data exfiltration",
      "Ransomware note",
    ]);
  });

  it("refuses a cursor from another sort or direction, a forged value or garbage (400 on cursor)", async () => {
    const first = (await list(both, "sort=title&dir=asc&limit=2")).nextCursor as string;
    const forged = (c: object) => Buffer.from(JSON.stringify(c)).toString("base64url");
    for (const query of [
      `sort=title&dir=desc&cursor=${first}`,
      `sort=owner&dir=asc&cursor=${first}`,
      `cursor=${first}`,
      `sort=alertCount&dir=asc&cursor=${forged({ s: "alertCount", d: "asc", v: "many", id: "x" })}`,
      `sort=owner&dir=asc&cursor=${forged({ s: "owner", d: "asc", v: null, id: "x" })}`,
      "cursor=garbage",
    ]) {
      const response = await both.get(`/api/v1/incidents?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0]).toMatchObject({ path: "cursor", message: expect.any(String) });
    }
  });
});

describe("incident list tenant isolation", () => {
  it("never shows another tenant's incidents, whatever the filter, sort or page", async () => {
    const mine = new Set(created.filter((c) => c.tenantId === tenantA).map((c) => c.id));
    const queries = [
      "limit=200",
      `tenant=${tenantB}`,
      `tenant=${tenantA},${tenantB}&limit=200`,
      "owner=Zed%20Stone",
      "owner=Lee%20Chen,unassigned&limit=200",
      "q=Bravo",
      "q=bravo-list-inc-1",
      "priority=Critical&status=Open",
      "view=closed&limit=200",
    ];
    for (const query of queries) {
      const items = (await list(onlyA, query)).items;
      expect(
        items.every((i) => mine.has(i.id) && i.tenantId === tenantA),
        query,
      ).toBe(true);
    }
    expect((await list(onlyA, `tenant=${tenantB}`)).items).toEqual([]);
    expect((await list(onlyA, "q=bravo-list-inc-1")).items).toEqual([]);
    for (const sort of incidentSortKeys) {
      const seen = await walk(onlyA, `sort=${sort}&dir=desc`, 2);
      expect(seen.map((i) => i.id).sort(), sort).toEqual([...mine].sort());
    }
    // A caller of both tenants who picked tenant A sees A only, even asking for B.
    both.tenantId = tenantA;
    try {
      expect((await list(both, `tenant=${tenantB}`)).items).toEqual([]);
      expect((await list(both, "limit=200")).items.every((i) => i.tenantId === tenantA)).toBe(true);
    } finally {
      both.tenantId = null;
    }
  });
});

describe("incident list ATT&CK filters, CSV export and bulk actions", () => {
  it("filters on the tactics and techniques of an incident's alerts", async () => {
    const withTechnique = async (sourceId: string, technique: string, tactic: string) =>
      (
        await both.post(`/api/v1/alerts?tenantId=${tenantA}`, {
          source: "edr",
          sourceId,
          name: `Technique ${technique}`,
          priority: "High",
          mitreTechniques: [technique],
          tactics: [tactic],
        })
      ).json().id as string;
    const exec = await withTechnique("att-1", "T1059", "Execution");
    const cred = await withTechnique("att-2", "T1110", "Credential Access");
    const made = async (title: string, alertIds: string[]) =>
      (await both.post("/api/v1/incidents", { tenantId: tenantA, title, priority: "High", alertIds })).json().incident.id;
    const scripting = await made("Scripting burst", [exec]);
    const brute = await made("Brute force", [cred]);
    expect(ids(await list(both, "technique=T1059&limit=200"))).toEqual([scripting]);
    expect(ids(await list(both, "tactic=Credential%20Access&limit=200"))).toEqual([brute]);
    expect(ids(await list(both, "technique=T1059,T1110&limit=200")).sort()).toEqual([scripting, brute].sort());
    expect(ids(await list(both, "technique=T1190&limit=200"))).toEqual([]);
    expect((await both.get("/api/v1/incidents?technique=not-a-technique")).statusCode).toBe(400);
  });

  it("exports exactly the filtered list as CSV, in its order, and only from the caller's tenants", async () => {
    const response = await onlyA.get("/api/v1/incidents/export.csv?priority=Critical,High&sort=title&dir=asc");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="watchfloor-incidents-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toBe("reference,tenant,title,priority,status,owner,alerts,createdAt,updatedAt,id");
    const listed = (await list(onlyA, "priority=Critical,High&sort=title&dir=asc&limit=200")).items;
    expect(lines.slice(1).map((l) => l.split(",").at(-1))).toEqual(listed.map((i) => i.id));
    expect(response.body).not.toContain("Bravo");
  });

  it("assigns, reprioritises and moves many incidents at once, each through its own rules", async () => {
    const open = (await list(onlyA, `view=open&tenant=${tenantA}&limit=200`)).items.slice(0, 3);
    const closed = (await list(onlyA, "status=Closed&limit=200")).items[0] as IncidentSummary;
    const ada = (await onlyA.get("/api/v1/auth/session")).json().user.id as string;
    const assign = await onlyA.post("/api/v1/incidents/bulk-update", {
      ids: open.map((i) => i.id),
      action: { type: "assign", ownerUserId: ada },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().updated).toBe(3);
    for (const i of open) expect((await onlyA.get(`/api/v1/incidents/${i.id}`)).json().incident.ownerUserId).toBe(ada);
    const priority = await onlyA.post("/api/v1/incidents/bulk-update", {
      ids: open.map((i) => i.id),
      action: { type: "priority", priority: "Low" },
    });
    expect(priority.json().updated).toBe(3);
    // A closed incident cannot be acknowledged: that one fails, the others move.
    const moved = await onlyA.post("/api/v1/incidents/bulk-update", {
      ids: [...open.map((i) => i.id), closed.id],
      action: { type: "status", status: "Acknowledged" },
    });
    const results = moved.json().results as { id: string; ok: boolean; error?: string }[];
    expect(results.find((r) => r.id === closed.id)?.ok).toBe(false);
    expect(results.find((r) => r.id === closed.id)?.error).toBeTruthy();
    // Another tenant's incident in the list refuses the whole request, naming nothing.
    const bravo = (await list(both, `tenant=${tenantB}&limit=1`)).items[0] as IncidentSummary;
    const foreign = await onlyA.post("/api/v1/incidents/bulk-update", {
      ids: [open[0]?.id, bravo.id],
      action: { type: "priority", priority: "High" },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(bravo.id);
  });
});
