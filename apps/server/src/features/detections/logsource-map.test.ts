import { describe, expect, it } from "vitest";
import { compileLogsource, defaultLogsourceMap } from "./logsource-map";
import { readEvent } from "./sigma-event";

const windows = (channel: string, eventId: number, data: Record<string, unknown> = {}) =>
  readEvent({ Event: { System: { EventID: eventId, Channel: channel, Computer: "pc" }, EventData: data } });
const SYSMON = "Microsoft-Windows-Sysmon/Operational";

describe("logsource map", () => {
  it("maps categories to Sysmon event ids and services to channels", () => {
    const proc = compileLogsource({ product: "windows", category: "process_creation" }, defaultLogsourceMap);
    expect(proc(windows(SYSMON, 1))).toBe(true);
    expect(proc(windows(SYSMON, 11))).toBe(false);
    expect(proc(windows("Security", 1))).toBe(false);
    const security = compileLogsource({ product: "windows", service: "security" }, defaultLogsourceMap);
    expect(security(windows("Security", 4648))).toBe(true);
    expect(security(windows("security", 4648))).toBe(true);
    expect(security(windows("System", 4648))).toBe(false);
  });

  it("tells registry deletes from other registry events by the event type", () => {
    const del = compileLogsource({ product: "windows", category: "registry_delete" }, defaultLogsourceMap);
    expect(del(windows(SYSMON, 12, { EventType: "DeleteValue" }))).toBe(true);
    expect(del(windows(SYSMON, 12, { EventType: "CreateKey" }))).toBe(false);
    const any = compileLogsource({ product: "windows", category: "registry_event" }, defaultLogsourceMap);
    expect(any(windows(SYSMON, 14))).toBe(true);
  });

  it("refuses a logsource the map does not know, naming the part", () => {
    const reason = (logsource: Record<string, string>) => {
      try {
        compileLogsource(logsource, defaultLogsourceMap);
        return "accepted";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(reason({ product: "linux", category: "process_creation" })).toMatch(/^logsource.product: `linux`/);
    expect(reason({ product: "windows", category: "nothing" })).toMatch(/^logsource.category: `nothing` of `windows`/);
    expect(reason({})).toMatch(/names no product/);
  });

  it("an edited map applies its own channels and ids", () => {
    const map = [
      { product: "windows" },
      { product: "windows", category: "process_creation", channels: ["Security"], eventIds: [4688] },
    ];
    const proc = compileLogsource({ product: "windows", category: "process_creation" }, map);
    expect(proc(windows("Security", 4688))).toBe(true);
    expect(proc(windows(SYSMON, 1))).toBe(false);
  });
});
