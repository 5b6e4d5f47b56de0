import { describe, expect, it } from "vitest";
import { SigmaRuleError } from "./sigma-error";
import { readEvent } from "./sigma-event";
import { base64Offsets, compileFieldItem } from "./sigma-modifiers";

const event = (data: Record<string, unknown>) =>
  readEvent({
    Event: { System: { EventID: 1, Channel: "Microsoft-Windows-Sysmon/Operational", Computer: "pc" }, EventData: data },
  });
const test = (key: string, value: unknown, data: Record<string, unknown>) =>
  compileFieldItem(key, value, "detection.s")(event(data));
const refused = (key: string, value: unknown) => {
  try {
    compileFieldItem(key, value, "detection.s");
  } catch (error) {
    expect(error).toBeInstanceOf(SigmaRuleError);
    return (error as SigmaRuleError).reason;
  }
  throw new Error(`${key} was not refused`);
};

describe("field modifiers", () => {
  it("compares case-insensitively, with wildcards and escapes, and ORs lists", () => {
    expect(test("Image", "C:\\Windows\\System32\\CMD.exe", { Image: "c:\\windows\\system32\\cmd.EXE" })).toBe(true);
    expect(test("Image", "*\\cmd.exe", { Image: "C:\\x\\cmd.exe" })).toBe(true);
    expect(test("Image", "c?d.exe", { Image: "cmd.exe" })).toBe(true);
    expect(test("Image", "c?d.exe", { Image: "cmmd.exe" })).toBe(false);
    expect(test("Image", "a\\*b", { Image: "a*b" })).toBe(true);
    expect(test("Image", "a\\*b", { Image: "axb" })).toBe(false);
    expect(test("Image", "a*b*c", { Image: "aXXbYYc" })).toBe(true);
    expect(test("Image", "a*b*c", { Image: "aXXcYYb" })).toBe(false);
    expect(test("Image", ["x", "y"], { Image: "y" })).toBe(true);
    expect(test("EventID", 4688, {})).toBe(false);
    expect(test("ProcessId", 42, { ProcessId: 42 })).toBe(true);
  });

  it("contains, startswith, endswith and all", () => {
    expect(test("CommandLine|contains", "encode", { CommandLine: "certutil -ENCODE a b" })).toBe(true);
    expect(test("CommandLine|startswith", "cert", { CommandLine: "certutil" })).toBe(true);
    expect(test("CommandLine|endswith", ".exe", { CommandLine: "a.exe " })).toBe(false);
    expect(test("CommandLine|contains|all", ["a", "b"], { CommandLine: "xaxbx" })).toBe(true);
    expect(test("CommandLine|contains|all", ["a", "q"], { CommandLine: "xaxbx" })).toBe(false);
  });

  it("cased compares as written", () => {
    expect(test("Image|cased", "Cmd.exe", { Image: "cmd.exe" })).toBe(false);
    expect(test("Image|cased|endswith", "Cmd.exe", { Image: "x\\Cmd.exe" })).toBe(true);
  });

  it("re with its flags, on a linear-time engine", () => {
    expect(test("CommandLine|re", "^cert.*-e", { CommandLine: "certutil -encode" })).toBe(true);
    expect(test("CommandLine|re", "^CERT", { CommandLine: "certutil" })).toBe(false);
    expect(test("CommandLine|re|i", "^CERT", { CommandLine: "certutil" })).toBe(true);
    expect(test("CommandLine|re|m", "^b$", { CommandLine: "a\nb" })).toBe(true);
    expect(test("CommandLine|re|s", "a.b", { CommandLine: "a\nb" })).toBe(true);
    expect(test("CommandLine|re", "a.b", { CommandLine: "a\nb" })).toBe(false);
    expect(refused("CommandLine|re", "(a)\\1")).toMatch(/linear-time/);
    expect(refused("CommandLine|i", "x")).toMatch(/belong to the `re`/);
  });

  it("cidr for IPv4 and IPv6", () => {
    expect(test("IpAddress|cidr", "10.0.0.0/8", { IpAddress: "10.2.3.4" })).toBe(true);
    expect(test("IpAddress|cidr", "10.0.0.0/8", { IpAddress: "11.2.3.4" })).toBe(false);
    expect(test("IpAddress|cidr", ["192.168.0.0/16", "fe80::/10"], { IpAddress: "fe80::1" })).toBe(true);
    expect(test("IpAddress|cidr", "10.0.0.0/8", { IpAddress: "-" })).toBe(false);
    expect(refused("IpAddress|cidr", "10.0.0.0/33")).toMatch(/CIDR/);
  });

  it("base64, base64offset and the UTF-16 encodings", () => {
    const b64 = Buffer.from("http://").toString("base64");
    expect(test("CommandLine|base64", "http://", { CommandLine: b64 })).toBe(true);
    for (const prefix of ["", "a", "ab"]) {
      const encoded = Buffer.from(`${prefix}http://evil`).toString("base64");
      expect(test("CommandLine|base64offset|contains", "http://", { CommandLine: `x ${encoded}` }), prefix).toBe(true);
    }
    const wide = Buffer.from("x Invoke-Mimikatz", "utf16le").toString("base64");
    expect(test("CommandLine|wide|base64offset|contains", "Invoke-Mimikatz", { CommandLine: wide })).toBe(true);
    expect(test("CommandLine|base64offset|contains", "Invoke-Mimikatz", { CommandLine: wide })).toBe(false);
    expect(base64Offsets(Buffer.from("http://"))).toEqual(["aHR0cDovL", "h0dHA6Ly", "odHRwOi8v"]);
    expect(refused("CommandLine|wide", "x")).toMatch(/base64/);
  });

  it("windash writes a flag with any dash or a slash", () => {
    for (const flag of ["-encode", "/encode", "\u2013encode", "\u2014encode", "\u2015encode"])
      expect(test("CommandLine|windash|contains", "-encode", { CommandLine: `certutil ${flag} a` }), flag).toBe(true);
    expect(test("CommandLine|windash|contains", "-encode", { CommandLine: "certutil xencode a" })).toBe(false);
    // A dash inside a word is not a flag.
    expect(test("CommandLine|windash|contains", "a-b", { CommandLine: "a/b" })).toBe(false);
  });

  it("exists, null, number comparisons and fieldref", () => {
    expect(test("Details|exists", true, { Details: "x" })).toBe(true);
    expect(test("Details|exists", false, { Details: "x" })).toBe(false);
    expect(test("Details|exists", false, {})).toBe(true);
    expect(test("Details", null, {})).toBe(true);
    expect(test("Details", null, { Details: null })).toBe(true);
    expect(test("Details", null, { Details: "" })).toBe(false);
    expect(test("Details", "", { Details: "" })).toBe(true);
    expect(test("LogonType|gte", 10, { LogonType: "10" })).toBe(true);
    expect(test("LogonType|lt", 10, { LogonType: 10 })).toBe(false);
    expect(test("LogonType|gt", 1, { LogonType: "abc" })).toBe(false);
    expect(test("SubjectUserName|fieldref", "TargetUserName", { SubjectUserName: "Bob", TargetUserName: "bob" })).toBe(true);
    expect(test("SubjectUserName|fieldref|cased", "TargetUserName", { SubjectUserName: "Bob", TargetUserName: "bob" })).toBe(
      false,
    );
    expect(test("SubjectUserName|fieldref", "TargetUserName", { SubjectUserName: "Bob" })).toBe(false);
    expect(refused("LogonType|lt", "ten")).toMatch(/number/);
    expect(refused("X|exists", "yes")).toMatch(/true or false/);
  });

  it("keywords search every field", () => {
    expect(compileFieldItem("|contains", ["mimikatz"], "k")(event({ CommandLine: "run MIMIKATZ now" }))).toBe(true);
    expect(compileFieldItem("|contains", ["mimikatz"], "k")(event({ CommandLine: "run" }))).toBe(false);
  });

  it("refuses unknown and unsupported modifiers with the reason", () => {
    expect(refused("Image|expand", "%x%")).toMatch(/expand/);
    expect(refused("Image|sometimes", "x")).toMatch(/unknown or unsupported modifier `sometimes`/);
    expect(refused("Image|contains|startswith", "x")).toMatch(/only one/);
    expect(refused("Image", [])).toMatch(/empty/);
  });
});
