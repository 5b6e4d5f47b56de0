import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { alertInputSchema, type AlertInput, incidentStatuses } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { generateMessySampleCsv } from "./messy-sample-csv";
import { importSampleCsv } from "../importers/sample";
import { summariseImport } from "../importers/summarise";
import { sourceFromString } from "../importers/types";
import { demoAnalysts, demoTechniques, generateAlerts } from "./demo-generator";

const options = { seed: 42, count: 2000, tenants: ["acme", "globex", "initech"], now: Date.UTC(2025, 0, 15, 12), daysBack: 30 };
const take = (o = options) => [...generateAlerts(o)];

describe("demo alert generator", () => {
  it("is deterministic: same seed, same alerts; another seed, other alerts", () => {
    expect(take()).toEqual(take());
    expect(take({ ...options, seed: 43 })[0]).not.toEqual(take()[0]);
  });

  it("yields valid canonical alerts with unique sourceIds, known tenants and analysts", () => {
    const all = take();
    expect(new Set(all.map((a) => a.alert.sourceId)).size).toBe(all.length);
    for (const { tenant, alert } of all) {
      expect(alertInputSchema.safeParse(alert).success).toBe(true);
      expect(options.tenants).toContain(tenant);
      if (alert.assignee) expect(demoAnalysts).toContain(alert.assignee);
      expect(alert.userRiskScore).toBeGreaterThanOrEqual(35);
      expect(alert.userRiskScore).toBeLessThanOrEqual(99);
      expect([30, 90, 180, 240, 360, 720]).toContain(alert.avgResponseMin);
      expect((alert.avgClosureMin ?? 0) / (alert.avgResponseMin ?? 1)).toBeGreaterThanOrEqual(1.8);
    }
    const statuses = new Set(all.map((a) => a.alert.status));
    expect([...statuses].sort()).toEqual([...incidentStatuses].sort());
  });

  it("keeps dates consistent with the status and never after now", () => {
    const at = (v: string | null | undefined) => (v ? Date.parse(v) : undefined);
    for (const { alert } of take()) {
      const times = [alert.detectedAt, alert.acknowledgedAt, alert.respondedAt, alert.resolvedAt].map(at);
      const defined = times.filter((t): t is number => t !== undefined);
      expect(defined).toEqual([...defined].sort((a, b) => a - b));
      expect(Math.max(...defined)).toBeLessThanOrEqual(options.now);
      const s = alert.status;
      expect(alert.acknowledgedAt === undefined).toBe(s === "Open");
      expect(alert.resolvedAt !== undefined).toBe(s === "Resolved" || s === "Closed");
      expect(alert.respondedAt !== undefined).toBe(s !== "Open" && s !== "Acknowledged");
      expect(alert.resolutionType !== undefined).toBe(alert.resolvedAt !== undefined);
    }
  });

  it("uses real ATT&CK technique ids with their names and one of their tactics", () => {
    const path = fileURLToPath(new URL("../../../../../shared/data/attack/enterprise-attack.json", import.meta.url));
    const bundle = JSON.parse(readFileSync(path, "utf8")) as { objects: Record<string, unknown>[] };
    const byId = new Map<string, { name: string; tactics: string[] }>();
    for (const o of bundle.objects) {
      if (o.type !== "attack-pattern" || o.revoked || o.x_mitre_deprecated) continue;
      const ref = (o.external_references as { source_name: string; external_id?: string }[]).find(
        (r) => r.source_name === "mitre-attack",
      );
      const phases = (o.kill_chain_phases as { phase_name: string }[] | undefined) ?? [];
      if (ref?.external_id) byId.set(ref.external_id, { name: o.name as string, tactics: phases.map((p) => p.phase_name) });
    }
    expect(demoTechniques.length).toBeGreaterThanOrEqual(40);
    for (const t of demoTechniques) {
      expect(byId.get(t.id)?.name, t.id).toBe(t.name);
      expect(byId.get(t.id)?.tactics, t.id).toContain(t.tactic.toLowerCase().replaceAll(" ", "-"));
    }
  });

  it("streams 100,000 alerts at constant memory in reasonable time", () => {
    let count = 0;
    let last: AlertInput | undefined;
    for (const { alert } of generateAlerts({ ...options, count: 100_000 })) {
      count++;
      last = alert;
    }
    expect(count).toBe(100_000);
    expect(last?.sourceId).toBe("demo-42-100000");
  });
});

describe("messy sample CSV", () => {
  it("is deterministic and the sample importer reports every planted quirk", async () => {
    const csv = generateMessySampleCsv({ seed: 7, count: 40 });
    expect(generateMessySampleCsv({ seed: 7, count: 40 })).toBe(csv);
    expect(csv).toContain("ack_sla_status");
    expect(csv).toMatch(/\d{2}-\d{2}-\d{4}/);
    expect(csv).toMatch(/,(TRUE|FALSE),/);
    const r = await summariseImport(importSampleCsv(sourceFromString(csv)));
    expect(r.records).toHaveLength(39);
    expect(r.rejected).toHaveLength(1);
    expect(r.rejected[0]?.problems[0]?.reason).toContain('"Status"');
    expect(r.findingKinds).toEqual({ out_of_enumeration: 9, duplicate_id: 4 });
    const byField: Record<string, number> = {};
    for (const f of r.findings)
      byField[`${f.kind}:${f.field}:${f.value}`] = (byField[`${f.kind}:${f.field}:${f.value}`] ?? 0) + 1;
    expect(byField).toMatchObject({
      "out_of_enumeration:resolutionType:Yes": 6,
      "out_of_enumeration:tactics:Manual": 1,
      "out_of_enumeration:clientEnvironment:Malicious Insider": 1,
      "out_of_enumeration:detectionSla:Manual": 1,
    });
    const late = r.records.at(-2);
    expect(late?.raw).toHaveProperty("ack_sla_status");
    expect(r.records.some((a) => a.closureNotes?.includes("\n"))).toBe(true);
  });
});
