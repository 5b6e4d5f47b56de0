import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { alertInputSchema } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { detectAlertFormat, importerFor, sourceFromFile, sourceFromString } from "./index";
import { summariseImport } from "./summarise";

// The shared sample data lives beside the checkout (../shared from the repo root); never copied in.
const dataDir = fileURLToPath(new URL("../../../../../shared/data/alerts/", import.meta.url));
const file = (name: string) => `${dataDir}${name}`;
const head = (name: string) => readFileSync(file(name), "utf8").slice(0, 16_384);

async function importFile(name: string) {
  const format = detectAlertFormat(head(name), name);
  if (!format) throw new Error(`no format detected for ${name}`);
  const summary = await summariseImport(importerFor(format)(sourceFromFile(file(name))));
  for (const alert of summary.records) expect(alertInputSchema.safeParse(alert).success).toBe(true);
  return { format, ...summary };
}

describe("shared sample files", () => {
  it("wazuh 4.x alert with rule.mitre: one record, T1110 / Credential Access", async () => {
    const r = await importFile("wazuh/wazuh_alert_with_mitre_T1110.json");
    expect(r.format).toBe("wazuh");
    expect([r.records.length, r.rejected.length, r.findings.length, r.skipped]).toEqual([1, 0, 0, {}]);
    expect(r.records[0]).toMatchObject({
      source: "wazuh",
      sourceId: "1652272159.1549653",
      name: "sshd: brute force trying to get access to the system. Non existent user.",
      rule: "5712",
      priority: "High",
      detectedAt: "2022-05-11T12:29:19.905+00:00",
      hostname: "localhost.localdomain",
      srcIp: "172.17.1.1",
      username: "paco",
      sourceTool: "sshd",
      mitreTechniques: ["T1110"],
      tactics: ["Credential Access"],
      services: ["syslog", "sshd", "authentication_failures"],
    });
  });

  it("wazuh alert inside the integration-test YAML reads the same as the extracted JSON line", async () => {
    const yaml = readFileSync(file("wazuh/wazuh_integratord_valid_alert_case.yml"), "utf8");
    // A single-quoted YAML scalar folds each line break plus indentation into one space.
    const folded = /alert_sample: '([\s\S]*)'/.exec(yaml)?.[1]?.replace(/\n\s+/g, " ") ?? "";
    const fromYaml = await summariseImport(importerFor("wazuh")(sourceFromString(folded)));
    const fromJson = await importFile("wazuh/wazuh_alert_with_mitre_T1110.json");
    const { description: _a, raw: _b, ...yamlAlert } = fromYaml.records[0] ?? {};
    const { description: _c, raw: _d, ...jsonAlert } = fromJson.records[0] ?? {};
    expect(yamlAlert).toEqual(jsonAlert);
  });

  it("wazuh 3.x AIT insect: 497 records, levels 3/5/6 Low, 8 Medium, 10 High, ports stripped", async () => {
    const r = await importFile("wazuh/wazuh_alerts_ait_insect.json");
    expect(r.format).toBe("wazuh");
    expect([r.records.length, r.rejected.length, r.findings.length, r.skipped]).toEqual([497, 0, 0, {}]);
    const byPriority: Record<string, number> = {};
    for (const a of r.records) byPriority[a.priority] = (byPriority[a.priority] ?? 0) + 1;
    expect(byPriority).toEqual({ Low: 468, Medium: 5, High: 24 });
    expect(r.records.every((a) => a.mitreTechniques?.length === 0)).toBe(true);
    expect(r.records[0]).toMatchObject({
      sourceId: "1588001006.9628221",
      detectedAt: "2020-03-04T13:55:05.224939+00:00",
      srcIp: "192.168.10.18",
      dstIp: "192.168.10.21",
      sourceTool: "snort",
      hostname: "user-0",
    });
  });

  it("suricata EVE: 68 alerts, 198 other events skipped by event_type", async () => {
    const r = await importFile("suricata/suricata_eve_surevego.json");
    expect(r.format).toBe("suricata-eve");
    expect([r.records.length, r.rejected.length, r.findings.length]).toEqual([68, 0, 0]);
    expect(r.skipped).toEqual({
      "event_type dns is not an alert": 48,
      "event_type http is not an alert": 68,
      "event_type fileinfo is not an alert": 68,
      "event_type flow is not an alert": 13,
      "event_type stats is not an alert": 1,
    });
    expect(new Set(r.records.map((a) => a.sourceId)).size).toBe(68);
    expect(r.records[0]).toMatchObject({
      sourceId: "1501577875823823:2013504:2017-01-30T16:12:36.066011+0100:0",
      name: "ET POLICY GNU/Linux APT User-Agent Outbound likely related to package management",
      rule: "2013504",
      type: "Not Suspicious Traffic",
      priority: "Low",
      detectedAt: "2017-01-30T16:12:36.066011+01:00",
      srcIp: "172.17.0.2",
      dstIp: "54.230.202.37",
    });
  });

  it("ECS Zeek notice: one alert, sourceId from the document hash", async () => {
    const r = await importFile("ecs/ecs_zeek_notice_alert.json");
    expect(r.format).toBe("ecs");
    expect([r.records.length, r.rejected.length, r.findings.length, r.skipped]).toEqual([1, 0, 0, {}]);
    expect(r.records[0]).toMatchObject({
      sourceId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      name: "Scan::Port_Scan",
      priority: "Medium",
      detectedAt: "2019-02-28T22:36:28.426Z",
      srcIp: "8.42.77.171",
      dstIp: "207.154.238.205",
      hostname: "Lees-MBP.localdomain",
      type: "intrusion_detection",
    });
  });

  it("OCSF GuardDuty detection finding: one Low alert in the Cloud", async () => {
    const r = await importFile("ocsf/ocsf_detection_finding_sechub_guardduty.ocsf.json");
    expect(r.format).toBe("ocsf");
    expect([r.records.length, r.rejected.length, r.findings.length, r.skipped]).toEqual([1, 0, 0, {}]);
    expect(r.records[0]).toMatchObject({
      sourceId: expect.stringContaining("finding/a6c556fcbc9bea427a19f8b787099a0b"),
      name: "AWS CloudTrail trail arn:aws:cloudtrail:us-east-2:111111111111:trail/delete-me was disabled.",
      priority: "Low",
      status: "Open",
      detectedAt: "2023-09-19T11:05:22.487-04:00",
      occurredAt: "2023-09-19T10:55:09.000-04:00",
      clientEnvironment: "Cloud",
      srcIp: "52.94.133.131",
      detectionSource: "GuardDuty",
      type: "TTPs/Defense Evasion/Stealth:IAMUser-CloudTrailLoggingDisabled",
      services: ["AwsIamAccessKey"],
    });
  });

  it("TheHive 4 fixture: six Medium alerts", async () => {
    const r = await importFile("thehive/thehive4_alert_fixture.json");
    expect(r.format).toBe("thehive");
    expect([r.records.length, r.rejected.length, r.findings.length, r.skipped]).toEqual([6, 0, 0, {}]);
    expect(r.records.map((a) => a.sourceId)).toEqual(["alert1", "alert2", "alert3", "alert4", "alert5", "alertMerge1"]);
    expect(r.records[5]).toMatchObject({
      name: "alert#6",
      priority: "Medium",
      status: "Open",
      detectedAt: "2019-04-15T20:19:32.000Z",
      detectionSource: "testSource",
      ticketId: "ref6",
      type: "testType",
    });
  });

  it("Zeek notice JSON: SSH guessing High, port scan Medium", async () => {
    const r = await importFile("zeek/zeek_notice_beats.json");
    expect(r.format).toBe("zeek-json");
    expect([r.records.length, r.rejected.length, r.findings.length, r.skipped]).toEqual([2, 0, 0, {}]);
    expect(r.records.map((a) => [a.sourceId, a.priority, a.srcIp, a.dstIp])).toEqual([
      ["1320435875.879278:SSH::Password_Guessing:172.16.238.1", "High", "172.16.238.1", undefined],
      ["1551393388.426472:Scan::Port_Scan:216.160.83.57", "Medium", "216.160.83.57", "207.154.238.205"],
    ]);
    expect(r.records[0]?.detectedAt).toBe("2011-11-04T19:44:35.879Z");
  });

  it("detects no alert format in the Sigma/Windows event files (context only)", () => {
    expect(detectAlertFormat(head("windows-events/file_event_win_advanced_ip_scanner.event.json"))).toBeNull();
    expect(
      detectAlertFormat(head("windows-events/windows_events_attack_index.csv"), "windows_events_attack_index.csv"),
    ).toBeNull();
  });
});
