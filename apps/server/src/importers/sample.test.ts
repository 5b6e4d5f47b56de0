import { describe, expect, it } from "vitest";
import { detectAlertFormat } from "./detect";
import { importSampleCsv, importSampleJson } from "./sample";
import { summariseImport } from "./summarise";
import { ImportFileError, sourceFromString } from "./types";

// The spec's sample shape with every quirk it lists: alternate spellings, TRUE/FALSE strings,
// M/D/YYYY and MM-DD-YYYY dates, ResolType "Yes", tactic "Manual", a stray "Status", ...
const messyJson = JSON.stringify([
  {
    id: "INC-1",
    name: "Brute force on VPN",
    assignee: "Ana Silva",
    date: "03/07/2024",
    ackDate: "3/7/2024 14:05",
    priority: "High",
    status: "Acknowledged",
    services: ["Credential Access", "VPN"],
    tactic: "Credential Access",
    mitreTechniques: ["T1110", "t1110.001"],
    mitreAttackId: "T1110",
    ResolType: "Manual",
    ackSlaStatus: "Met",
    respSlaStatus: "Missed",
    escalatedToIncident: true,
    resolvedAutomatically: false,
    ticketId: "T-1",
    respDate: "03/07/2024 15:00:30",
    assignedDate: "03/07/2024",
    resolvedDate: "",
    closureNotes: "Reset password",
    modifyDate: "2024-03-08T10:00:00Z",
    dueBy: "03/09/2024",
    respDueDate: "03/08/2024",
    occurredDate: "03/06/2024 23:59",
    detectionSla: "High",
    notifySla: "Yes",
    clientEnvironment: "Cloud",
    userRiskScore: 88,
    avgResponseMin: 90,
    avgClosureMin: "180",
    tenant: "Tenant_A",
  },
  {
    id: "INC-2",
    name: "Phishing link clicked",
    priority: "medium",
    status: "Resolved",
    alertDetectionDate: "03-08-2024 09:30",
    ack_sla_status: "Met",
    resp_sla_status: "Missed",
    escalatedtoincident: "FALSE",
    resolvedautomatedly: "TRUE",
    ticketid: "T-2",
    respdate: "03-08-2024",
    assigneddate: "03-08-2024",
    resolveddate: "03-09-2024",
    Closure_Notes: "Closed by playbook",
    resolutionType: "Automated",
    mitreTechniques: "T1566.001, T1566.002",
    tactic: "initial-access",
    clientEnvironment: "On-Premise",
    followUp: "tRUE",
  },
  {
    id: "INC-3",
    name: "Odd row",
    priority: "Low",
    status: "Open",
    ResolType: "Yes",
    tactic: "Manual",
    clientEnvironment: "Malicious Insider",
    detectionSla: "Manual",
    favouriteColour: "blue",
    resolveddate: "",
  },
  { id: "INC-4", name: "Placeholder", priority: "Low", status: "Status" },
  { id: "INC-1", name: "Brute force on VPN (again)", priority: "Critical", status: "In Progress" },
  { id: "INC-6", name: "Bad date", priority: "Low", status: "Closed", date: "31/31/2024", favouriteColour: "red" },
  { id: "INC-7", name: "", priority: "Urgent", status: "Open" },
]);

describe("sample importer (JSON)", () => {
  it("maps every spelling, reports quirks as findings and rejects placeholder rows", async () => {
    const r = await summariseImport(importSampleJson(sourceFromString(messyJson)));
    expect(r.records.map((a) => a.sourceId)).toEqual(["INC-1", "INC-2", "INC-3", "INC-1", "INC-6"]);
    expect(r.rejected.map((e) => [e.row, e.problems])).toEqual([
      [
        4,
        [
          {
            field: "status",
            reason: 'out_of_enumeration: "Status" is not one of Open, Acknowledged, In Progress, Resolved, Closed',
          },
        ],
      ],
      [
        7,
        [
          { field: "priority", reason: 'out_of_enumeration: "Urgent" is not one of Low, Medium, High, Critical' },
          { field: "name", reason: "is required" },
        ],
      ],
    ]);
    expect(r.findings.map((f) => [f.row, f.kind, f.field, f.value])).toEqual([
      [3, "unknown_key", "favouriteColour", "blue"],
      [3, "out_of_enumeration", "resolutionType", "Yes"],
      [3, "out_of_enumeration", "tactics", "Manual"],
      [3, "out_of_enumeration", "clientEnvironment", "Malicious Insider"],
      [3, "out_of_enumeration", "detectionSla", "Manual"],
      [5, "duplicate_id", "sourceId", "INC-1"],
      [6, "unparsed_date", "detectedAt", "31/31/2024"],
    ]);
    const [first, second, third] = r.records;
    expect(first).toMatchObject({
      source: "sample",
      name: "Brute force on VPN",
      priority: "High",
      status: "Acknowledged",
      detectedAt: "2024-03-07T00:00:00.000Z",
      acknowledgedAt: "2024-03-07T14:05:00.000Z",
      respondedAt: "2024-03-07T15:00:30.000Z",
      occurredAt: "2024-03-06T23:59:00.000Z",
      modifiedAt: "2024-03-08T10:00:00Z",
      dueAt: "2024-03-09T00:00:00.000Z",
      services: ["Credential Access", "VPN"],
      tactics: ["Credential Access"],
      mitreTechniques: ["T1110", "T1110.001"],
      resolutionType: "Manual",
      ackSlaStatus: "Met",
      respSlaStatus: "Missed",
      resolvedAutomatically: false,
      ticketId: "T-1",
      detectionSla: "High",
      notifySla: "Yes",
      clientEnvironment: "Cloud",
      userRiskScore: 88,
      avgClosureMin: 180,
    });
    expect(first?.resolvedAt).toBeUndefined();
    expect(first?.raw).toMatchObject({ tenant: "Tenant_A", escalatedToIncident: true });
    expect(second).toMatchObject({
      priority: "Medium",
      detectedAt: "2024-03-08T09:30:00.000Z",
      ackSlaStatus: "Met",
      respSlaStatus: "Missed",
      resolvedAutomatically: true,
      ticketId: "T-2",
      respondedAt: "2024-03-08T00:00:00.000Z",
      resolvedAt: "2024-03-09T00:00:00.000Z",
      closureNotes: "Closed by playbook",
      resolutionType: "Automated",
      mitreTechniques: ["T1566.001", "T1566.002"],
      tactics: ["Initial Access"],
      clientEnvironment: "On-premise",
      followUp: true,
    });
    expect(third).toMatchObject({
      tactics: [],
      resolutionType: undefined,
      clientEnvironment: undefined,
      detectionSla: undefined,
    });
  });

  it("rejects a JSON document that does not parse, naming the line", async () => {
    const broken = '[\n  {"id": "1", "name": "x"},\n  {"id": "2", "name": }\n]';
    const run = summariseImport(importSampleJson(sourceFromString(broken)));
    await expect(run).rejects.toBeInstanceOf(ImportFileError);
    await expect(summariseImport(importSampleJson(sourceFromString(broken)))).rejects.toThrow(/line 3, column 23/);
  });

  it('reports ResolType "Yes" beside a valid resolutionType, and names Malicious Insider as a map category', async () => {
    // The spec's rows carry both spellings; the valid one is kept, the other still reported.
    const rows = [
      {
        id: "S-1",
        name: "Both spellings",
        priority: "Low",
        status: "Open",
        resolutionType: "Manual",
        ResolType: "Yes",
        clientEnvironment: "Malicious Insider",
      },
      {
        id: "S-2",
        name: "Other order",
        priority: "Low",
        status: "Open",
        ResolType: "Yes",
        resolutionType: "Automated",
        clientEnvironment: "Moon base",
      },
    ];
    const r = await summariseImport(importSampleJson(sourceFromString(JSON.stringify(rows))));
    expect(r.records.map((a) => [a.sourceId, a.resolutionType, a.clientEnvironment])).toEqual([
      ["S-1", "Manual", undefined],
      ["S-2", "Automated", undefined],
    ]);
    expect(r.findings.map((f) => [f.row, f.field, f.value, f.message])).toEqual([
      [1, "resolutionType", "Yes", '"Yes" is not one of Manual, Automated'],
      [
        1,
        "clientEnvironment",
        "Malicious Insider",
        '"Malicious Insider" is an asset category of the map, not an environment (Cloud, On-premise, Hybrid)',
      ],
      [2, "resolutionType", "Yes", '"Yes" is not one of Manual, Automated'],
      [2, "clientEnvironment", "Moon base", '"Moon base" is not one of Cloud, On-premise, Hybrid'],
    ]);
  });

  it("is detected as sample-json", () => {
    expect(detectAlertFormat(messyJson)).toBe("sample-json");
  });
});

const messyCsv = `id,name,priority,status,date,ackDate,escalatedtoincident,resolvedautomatedly,resolveddate,Closure_Notes,ResolType,tactic,services,ticketid
A-1,"Login, then lateral ""move""",High,Open,03-07-2024 08:15,3/7/2024,TRUE,false,,"line one
line two",Manual,Lateral Movement,"Email, VPN",T-9
A-2,Placeholder,Low,Status,03/08/2024,,FALSE,FALSE,,,,,,
A-1,Dup,Low,Closed,2024-03-09,,,,03-10-2024,,Yes,Manual,,
A-4,Too many cells,Low,Open,,,,,,,,,,,extra
`;

describe("sample importer (CSV)", () => {
  it("streams rows with physical line numbers and the same rules as JSON", async () => {
    const r = await summariseImport(importSampleCsv(sourceFromString(messyCsv)));
    expect(r.records).toHaveLength(2);
    expect(r.rejected.map((e) => [e.row, e.problems[0]?.field])).toEqual([
      [4, "status"],
      [6, "(record)"],
    ]);
    expect(r.findings.map((f) => [f.row, f.kind, f.field])).toEqual([
      [5, "out_of_enumeration", "resolutionType"],
      [5, "out_of_enumeration", "tactics"],
      [5, "duplicate_id", "sourceId"],
    ]);
    expect(r.records[0]).toMatchObject({
      name: 'Login, then lateral "move"',
      detectedAt: "2024-03-07T08:15:00.000Z",
      acknowledgedAt: "2024-03-07T00:00:00.000Z",
      resolvedAutomatically: false,
      closureNotes: "line one\nline two",
      resolutionType: "Manual",
      tactics: ["Lateral Movement"],
      services: ["Email", "VPN"],
      ticketId: "T-9",
    });
    expect(r.records[0]?.resolvedAt).toBeUndefined();
    expect(r.records[0]?.raw).toMatchObject({ escalatedtoincident: "TRUE", resolveddate: "" });
    expect(r.records[1]).toMatchObject({ detectedAt: "2024-03-09T00:00:00Z", resolvedAt: "2024-03-10T00:00:00.000Z" });
  });

  it("is detected as sample-csv", () => {
    expect(detectAlertFormat(messyCsv, "alerts.csv")).toBe("sample-csv");
    expect(detectAlertFormat("just some text")).toBeNull();
  });
});
