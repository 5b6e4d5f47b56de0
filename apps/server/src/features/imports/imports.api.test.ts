import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { importLimits, uploadLimits } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../../seed/demo-generator";
import { generateMessySampleCsv } from "../../seed/messy-sample-csv";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { sourceFromFile } from "../../importers/types";
import { importAssetInventory } from "../findings/asset-inventory.service";
import { importAlertFile } from "./alert-import.service";

const shared = path.resolve(fileURLToPath(new URL("../../../../../../shared/data/alerts", import.meta.url)));
let app: TestApp;
let tenantId: string;
let admin: TestClient;

const upload = (file: string | Buffer, query = "") =>
  admin.request({
    method: "POST",
    url: `/api/v1/imports/alerts?tenantId=${tenantId}${query}`,
    payload: file,
    headers: { "content-type": "application/octet-stream" },
  });

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Import Tenant")).id;
  admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
});
afterAll(() => app.close());

describe("alert file import", () => {
  it.each([
    ["wazuh/wazuh_alerts_ait_insect.json", "wazuh", 497, 0],
    ["wazuh/wazuh_alert_with_mitre_T1110.json", "wazuh", 1, 0],
    ["suricata/suricata_eve_surevego.json", "suricata-eve", 68, 198],
    ["ecs/ecs_zeek_notice_alert.json", "ecs", 1, 0],
    ["ocsf/ocsf_detection_finding_sechub_guardduty.ocsf.json", "ocsf", 1, 0],
    ["thehive/thehive4_alert_fixture.json", "thehive", 6, 0],
    ["zeek/zeek_notice_beats.json", "zeek-json", 2, 0],
  ])("imports %s (%s) with the documented counts, and again without duplicates", async (file, format, records, skipped) => {
    const body = readFileSync(path.join(shared, file));
    const first = (await upload(body, `&filename=${encodeURIComponent(path.basename(file))}`)).json();
    expect(first).toMatchObject({ format, created: records, updated: 0, rejectedCount: 0 });
    expect(first.skipped.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(skipped);
    const again = (await upload(body)).json();
    expect(again).toMatchObject({ created: 0, updated: records });
  });

  it("keeps the Wazuh 4.x ATT&CK mapping so the technique filter finds it", async () => {
    const items = (await admin.get("/api/v1/alerts?technique=T1110&tactic=Credential%20Access")).json().items;
    expect(items.some((a: { source: string }) => a.source === "wazuh")).toBe(true);
  });

  it("reports the messy sample's quirks, quarantines rejected rows, and lets an admin fix one", async () => {
    const csv = generateMessySampleCsv({ seed: 11, count: 80 });
    const report = (await upload(csv, "&filename=messy.csv")).json();
    expect(report.format).toBe("sample-csv");
    expect(report.rowsRead).toBe(80);
    expect(report.rejectedCount).toBeGreaterThan(0);
    const kinds = new Set(report.findings.map((f: { kind: string }) => f.kind));
    expect(kinds).toEqual(new Set(["out_of_enumeration", "duplicate_id"]));
    expect(report.findings.some((f: { field: string; value: string }) => f.field === "resolutionType" && f.value === "Yes")).toBe(
      true,
    );
    expect(report.rejected[0].problems[0].field).toBe("status");
    const quarantine = (await admin.get(`/api/v1/quarantine?importId=${report.importId}`)).json().items;
    expect(quarantine).toHaveLength(report.rejectedCount);
    const fixed = await admin.post(`/api/v1/quarantine/${quarantine[0].id}/resubmit`, {
      alert: { source: "sample", sourceId: "fixed-1", name: "Fixed by hand", priority: "Low" },
    });
    expect(fixed.statusCode).toBe(200);
    expect((await admin.get(`/api/v1/quarantine?importId=${report.importId}`)).json().items).toHaveLength(
      report.rejectedCount - 1,
    );
    const runs = (await admin.get("/api/v1/imports")).json().items;
    expect(runs[0]).toMatchObject({ id: report.importId, format: "sample-csv", filename: "messy.csv" });
  });

  it("rejects a malformed file whole and writes nothing", async () => {
    const before = (await admin.get("/api/v1/alerts?limit=200")).json().items.length;
    const broken = '[{"id":"X-1","name":"ok","priority":"High"}, {"id": "X-2", "name": ';
    const response = await upload(broken, "&format=sample-json");
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "MALFORMED_FILE" });
    expect((await admin.get("/api/v1/alerts?limit=200")).json().items.length).toBe(before);
    const unknown = await upload("just some words\n");
    expect(unknown.json().details[0].path).toBe("format");
  });
});

describe("hostile and oversized uploads (issue 13, finding 4)", () => {
  const count = async (table: "alerts" | "quarantine" | "import_runs" | "assets" | "findings") =>
    Number(
      (
        await app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => ({
    alerts: await count("alerts"),
    quarantine: await count("quarantine"),
    runs: await count("import_runs"),
    assets: await count("assets"),
    findings: await count("findings"),
  });
  // Random bytes from a fixed seed: what a mistaken or hostile upload of a binary file looks like.
  const junk = (bytes: number) => {
    const next = mulberry32(13);
    return Buffer.from(Array.from({ length: bytes }, () => Math.floor(next() * 256)));
  };
  const routes = [
    ["alerts", "/api/v1/imports/alerts?format=sample-csv&"],
    ["findings", "/api/v1/imports/findings?format=generic-csv&"],
    ["assets", "/api/v1/imports/assets?"],
    ["nmap", "/api/v1/imports/nmap?"],
  ] as const;

  it.each(routes)(
    "refuses a file of random bytes sent to the %s import whole, with the reason, and stores nothing",
    async (_kind, url) => {
      const before = await counts();
      const response = await admin.request({
        method: "POST",
        url: `${url}tenantId=${tenantId}`,
        payload: junk(256 * 1024),
        headers: { "content-type": "application/octet-stream" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "UNREADABLE_FILE" });
      expect(response.json().message).toMatch(/rejected whole.*not (UTF-8 )?text.*Nothing was imported/s);
      expect(await counts()).toEqual(before);
    },
  );

  it("refuses a text file whose first rows are mostly unreadable, and stores nothing", async () => {
    const before = await counts();
    const rows = Array.from({ length: 1500 }, (_, i) =>
      i % 4 === 0 ? `ok-${i},Readable row,High,Open,` : `junk ${i} ~~ ,,,,,,, ${"x".repeat(20)}`,
    );
    const csv = ["id,name,priority,status,assignee", ...rows].join("\n");
    const response = await upload(csv, "&format=sample-csv");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "UNREADABLE_FILE" });
    expect(response.json().message).toContain(`of the first ${importLimits.probeRows.toLocaleString("en")} rows`);
    expect(await counts()).toEqual(before);
  });

  it("keeps at most the quarantine limit of one import's rejected rows and counts the rest in the report", async () => {
    // 40% of the rows lack a status: readable enough to import, too many to keep every one.
    const rows = Array.from({ length: 3000 }, (_, i) =>
      i % 5 < 2 ? `bad-${i},No status,High,,` : `good-${i},Good row,High,Open,`,
    );
    const response = await upload(["id,name,priority,status,assignee", ...rows].join("\n"), "&format=sample-csv");
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      created: 1800,
      rejectedCount: 1200,
      quarantined: importLimits.quarantineRows,
      notQuarantined: 1200 - importLimits.quarantineRows,
    });
    const kept = await app.ctx.db
      .selectFrom("quarantine")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("import_id", "=", report.importId)
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(importLimits.quarantineRows);
    const stored = (await admin.get("/api/v1/imports")).json().items.find((r: { id: string }) => r.id === report.importId);
    expect(stored.report).toMatchObject({ quarantined: importLimits.quarantineRows, notQuarantined: 200 });
  });

  it.each([...routes, ["intel", "/api/v1/intel/kev?"]] as const)(
    "answers 413 with the %s import's own limit for a bigger upload, before reading it",
    async (kind, url) => {
      const limit = uploadLimits[kind];
      const client = kind === "intel" ? (await signedInClient(app, [], { platformAdmin: true })).client : admin;
      const before = await counts();
      const response = await client.request({
        method: "POST",
        url: `${url}tenantId=${tenantId}`,
        payload: "id,name\n",
        headers: { "content-type": "application/octet-stream", "content-length": String(limit + 1) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
      expect(response.json().message).toContain(`${limit / 1024 / 1024} MB`);
      expect(await counts()).toEqual(before);
    },
  );

  it("answers 413 when a body sent without a length grows past the route's limit", async () => {
    const limit = uploadLimits.assets;
    const chunk = Buffer.alloc(1024 * 1024, "a");
    const body = Readable.from(
      (function* () {
        for (let sent = 0; sent <= limit; sent += chunk.length) yield chunk;
      })(),
    );
    const response = await admin.request({
      method: "POST",
      url: `/api/v1/imports/assets?tenantId=${tenantId}`,
      payload: body,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });
});

describe("big files are parsed in a worker thread", () => {
  it("gives the same report and rows as parsing on the main thread", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "wf-import-test-"));
    try {
      const file = path.join(dir, "alerts.csv");
      const rows = Array.from({ length: 1200 }, (_, i) =>
        i % 10 === 0 ? `w-${i},No status,High,,` : `w-${i},Worker row,High,Open,`,
      );
      writeFileSync(file, ["id,name,priority,status,assignee", ...rows].join("\n"));
      const doer = { userId: null, name: "test" };
      const worker = await importAlertFile(app.ctx, tenantId, sourceFromFile(file), {
        format: "sample-csv",
        filename: "alerts.csv",
        doer,
        offThread: true,
      });
      const inline = await importAlertFile(app.ctx, tenantId, sourceFromFile(file), {
        format: "sample-csv",
        filename: "alerts.csv",
        doer,
        offThread: false,
      });
      const { importId: _a, ...first } = worker;
      const { importId: _b, ...second } = inline;
      expect(first).toMatchObject({
        rowsRead: 1200,
        created: 1080,
        updated: 0,
        rejectedCount: 120,
        quarantined: 120,
        notQuarantined: 0,
      });
      expect(second).toEqual({ ...first, created: 0, updated: 1080 });

      const inventory = path.join(dir, "assets.json");
      writeFileSync(
        inventory,
        JSON.stringify([
          { id: "ASSET-0801", name: "db-01", priority: "High" },
          { id: "nope", name: "x" },
          { id: "ASSET-0802", name: "web-01" },
        ]),
      );
      const assets = await importAssetInventory(app.ctx, tenantId, sourceFromFile(inventory), {
        filename: "assets.json",
        doer,
        offThread: true,
      });
      expect(assets).toMatchObject({ rowsRead: 3, assetsCreated: 2, findingsCreated: 1, rejectedCount: 1, quarantined: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
