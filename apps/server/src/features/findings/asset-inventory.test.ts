import { describe, expect, it } from "vitest";
import { sourceFromString } from "../../importers/types";
import { type InventoryEvent, readAssetInventory, readInventoryRecord } from "./asset-inventory";

const drain = async (text: string) => {
  const out: InventoryEvent[] = [];
  for await (const e of readAssetInventory(sourceFromString(text))) out.push(e);
  return out;
};

const spec = {
  id: "ASSET-0007",
  name: "payroll-db",
  type: "Database",
  priority: "High",
  score: 8.1,
  status: "In Progress",
  date: "03/14/2025",
  assignee: "Priya Raman",
  services: ["Nessus", "Qualys"],
  remediationAction: "Patch PostgreSQL",
  cweId: "CWE-89",
  department: "Finance",
  businessImpact: "High",
  createdDate: "1/2/2024",
  clientEnvironment: "On-premise",
};

describe("vulnerable-asset records", () => {
  it("reads the spec's shape: the asset and the vulnerability it carries", () => {
    const event = readInventoryRecord(1, spec);
    expect(event).toMatchObject({
      kind: "record",
      notes: [],
      record: {
        key: "ASSET-0007",
        name: "payroll-db",
        type: "Database",
        department: "Finance",
        businessImpact: "High",
        clientEnvironment: "On-premise",
        createdAt: "2024-01-02T00:00:00.000Z",
        vulnerability: {
          severity: "High",
          score: 8.1,
          status: "In Progress",
          date: "2025-03-14T00:00:00.000Z",
          assignee: "Priya Raman",
          services: ["Nessus", "Qualys"],
          cweId: "CWE-89",
        },
      },
    });
  });

  it("reads a mistyped id key as the id and says so; ignores and reports other unknown keys", () => {
    const { id: _id, ...rest } = spec;
    const event = readInventoryRecord(2, { ...rest, Idd: "ASSET-0008", colour: "blue" });
    expect(event.kind).toBe("record");
    if (event.kind !== "record") return;
    expect(event.record.key).toBe("ASSET-0008");
    expect(event.notes.map((n) => [n.kind, n.field])).toEqual([
      ["unknown_key", "Idd"],
      ["unknown_key", "colour"],
    ]);
  });

  it("leaves values outside their enumerations empty with a note, and rejects a bad or missing id", () => {
    const event = readInventoryRecord(3, {
      ...spec,
      clientEnvironment: "Malicious Insider",
      businessImpact: "Huge",
      createdDate: "yesterday",
      score: 12,
    });
    expect(event.kind === "record" && event.record).toMatchObject({
      clientEnvironment: null,
      businessImpact: null,
      createdAt: null,
      vulnerability: { score: null },
    });
    expect(event.kind === "record" && event.notes.map((n) => n.kind)).toEqual([
      "out_of_enumeration",
      "out_of_enumeration",
      "unparsed_date",
      "invalid_value",
    ]);
    expect(readInventoryRecord(4, { ...spec, id: "A-7" })).toMatchObject({ kind: "rejected", problems: [{ field: "id" }] });
    const { id: _id, ...noId } = spec;
    expect(readInventoryRecord(5, noId)).toMatchObject({
      kind: "rejected",
      problems: [{ field: "id", reason: expect.stringContaining("required") }],
    });
  });

  it("notes a repeated id (the later record updates the earlier), from JSON or CSV", async () => {
    const json = await drain(JSON.stringify([spec, { ...spec, name: "payroll-db-2" }, { ...spec, id: "ASSET-0009" }]));
    expect(json.map((e) => e.kind)).toEqual(["record", "record", "record"]);
    expect(json[1]?.kind === "record" && json[1].notes).toEqual([
      expect.objectContaining({ kind: "duplicate_id", value: "ASSET-0007", message: expect.stringContaining("row 1") }),
    ]);
    const csv = await drain(
      'id,name,type,priority,services\nASSET-0001,web01,Server,Critical,"Nessus, OpenVAS"\nASSET-0001,web01,Server,Low,\n',
    );
    expect(csv[0]?.kind === "record" && csv[0].record.vulnerability?.services).toEqual(["Nessus", "OpenVAS"]);
    expect(csv[1]?.kind === "record" && csv[1].notes[0]?.kind).toBe("duplicate_id");
  });
});
