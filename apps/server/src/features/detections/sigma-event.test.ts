import { describe, expect, it } from "vitest";
import { defaultLogsourceMap } from "./logsource-map";
import { RuleSet } from "./rule-set";
import { EventShapeError, readEvent } from "./sigma-event";
import { compileRule } from "./sigma-rule";

describe("event shapes", () => {
  it("reads EVTX-as-JSON with EventData as named fields or as a Data list", () => {
    const named = readEvent({
      Event: {
        System: {
          EventID: { "#text": 4688 },
          Channel: "Security",
          Provider: { "#attributes": { Name: "Microsoft-Windows-Security-Auditing" } },
          Computer: "dc1",
          EventRecordID: 7,
          TimeCreated: { "#attributes": { SystemTime: "2025-01-02T03:04:05.123456Z" } },
          Correlation: null,
        },
        EventData: { Data: [{ "#attributes": { Name: "NewProcessName" }, "#text": "C:\\x.exe" }], ProcessId: 12 },
      },
    });
    expect(named.fields).toMatchObject({
      EventID: "4688",
      Channel: "Security",
      Provider_Name: "Microsoft-Windows-Security-Auditing",
      NewProcessName: "C:\\x.exe",
      ProcessId: "12",
    });
    expect(named.id).toBe("dc1|Security|7");
    expect(named.time).toBe("2025-01-02T03:04:05.123456Z");
    expect(named.fields.Correlation).toBeUndefined();
  });

  it("reads Winlogbeat/ECS: winlog fields, dotted ECS names and their Sysmon aliases", () => {
    const e = readEvent({
      "@timestamp": "2025-01-02T03:04:05Z",
      host: { name: "wks" },
      event: { code: "1", category: ["process"] },
      process: { executable: "C:\\a.exe", command_line: "a.exe -x" },
      winlog: { channel: "Microsoft-Windows-Sysmon/Operational", record_id: 9, event_data: { User: "bob" } },
    });
    expect(e.fields).toMatchObject({
      EventID: "1",
      Image: "C:\\a.exe",
      CommandLine: "a.exe -x",
      "process.executable": "C:\\a.exe",
      User: "bob",
      Computer: "wks",
    });
    expect(e.fields["event.category"]).toEqual(["process"]);
    expect(e.id).toBe("wks|Microsoft-Windows-Sysmon/Operational|9");
    // Without a record id, the same content has the same id.
    const bare = { "@timestamp": "2025-01-02T03:04:05Z", message: "x" };
    expect(readEvent(bare).id).toBe(readEvent({ ...bare }).id);
    expect(readEvent(bare).id).not.toBe(readEvent({ ...bare, message: "y" }).id);
  });

  it("refuses what is neither shape", () => {
    expect(() => readEvent({ hello: 1 })).toThrow(EventShapeError);
    expect(() => readEvent([1])).toThrow(EventShapeError);
  });
});

describe("rule set", () => {
  const rule = (id: string, logsource: Record<string, string>) =>
    compileRule(
      { id, title: id, level: "low", logsource, detection: { s: { "Image|endswith": "\\x.exe" }, condition: "s" } },
      defaultLogsourceMap,
    );
  const sysmon = (eventId: number) =>
    readEvent({
      Event: {
        System: { EventID: eventId, Channel: "Microsoft-Windows-Sysmon/Operational", Computer: "pc" },
        EventData: { Image: "C:\\x.exe" },
      },
    });

  it("tries an event only on rules whose channel and event id fit, and always on rules without a channel", () => {
    const set = new RuleSet([
      rule("proc", { product: "windows", category: "process_creation" }),
      rule("file", { product: "windows", category: "file_event" }),
      rule("any", { product: "windows" }),
      rule("svc", { product: "windows", service: "sysmon" }),
    ]);
    expect(
      set
        .matching(sysmon(1))
        .map((r) => r.ruleId)
        .sort(),
    ).toEqual(["any", "proc", "svc"]);
    expect(
      set
        .matching(sysmon(11))
        .map((r) => r.ruleId)
        .sort(),
    ).toEqual(["any", "file", "svc"]);
    expect(set.size).toBe(4);
  });
});
