import { describe, expect, it } from "vitest";
import { detectAlertFormat } from "./detect";
import { importEcs } from "./ecs";
import { summariseImport } from "./summarise";
import { importSuricataEve } from "./suricata-eve";
import { sourceFromString } from "./types";
import { importWazuh } from "./wazuh";
import { importZeekJson } from "./zeek";
import { importZeekTsv } from "./zeek-tsv";

// Small fixtures written from each project's documented output (docs/importers/alerts.md,
// "Sensor versions"); the real files in ../shared/data/alerts are tested in shared-files.test.ts.
const run = (importer: typeof importEcs, text: string) => summariseImport(importer(sourceFromString(text)));
const lines = (...docs: object[]) => docs.map((d) => JSON.stringify(d)).join("\n");

describe("ECS with flat dotted keys and epoch-millisecond @timestamp", () => {
  // What Filebeat and Elasticsearch accept: every field a dotted key, dates as epoch ms.
  const flat = lines(
    {
      "@timestamp": 1717243200000,
      "event.kind": "signal",
      "event.id": "sig-1",
      "kibana.alert.severity": "high",
      "rule.name": "Suspicious PowerShell",
      "host.name": "ws-12",
      "source.ip": "10.1.2.3",
      "destination.ip": "10.9.9.9",
      "user.name": "alice",
      "threat.technique.id": ["T1059.001"],
    },
    {
      "@timestamp": "1717243260000",
      "event.kind": "alert",
      "event.id": "sig-2",
      "event.severity": 20,
      "rule.name": "Epoch as text",
    },
    { "@timestamp": "not a time", "event.kind": "alert", "event.id": "sig-3", "rule.name": "Bad time" },
  );

  it("is detected as ECS from its first line and from a cut-off head", () => {
    expect(detectAlertFormat(flat)).toBe("ecs");
    expect(detectAlertFormat(`[${flat.split("\n")[0]?.slice(0, 120)}`)).toBe("ecs");
  });

  it("reads the dotted keys and the epoch dates like the nested form", async () => {
    const r = await run(importEcs, flat);
    expect(r.records[0]).toMatchObject({
      sourceId: "sig-1",
      name: "Suspicious PowerShell",
      priority: "High",
      detectedAt: "2024-06-01T12:00:00.000Z",
      hostname: "ws-12",
      srcIp: "10.1.2.3",
      dstIp: "10.9.9.9",
      username: "alice",
      mitreTechniques: ["T1059.001"],
    });
    expect(r.records[1]).toMatchObject({ sourceId: "sig-2", priority: "Low", detectedAt: "2024-06-01T12:01:00.000Z" });
    // An unreadable date is a finding, not a guess.
    expect(r.records[2]?.detectedAt).toBeUndefined();
    expect(r.findings.map((f) => [f.row, f.kind, f.field])).toEqual([[3, "unparsed_date", "detectedAt"]]);
  });
});

describe("Suricata EVE alert.metadata (Suricata 4.1+ with ET Open rules)", () => {
  const eve = lines({
    timestamp: "2024-05-02T10:11:12.123456+0000",
    flow_id: 1234567890,
    event_type: "alert",
    src_ip: "10.0.0.5",
    src_port: 51515,
    dest_ip: "203.0.113.7",
    dest_port: 443,
    proto: "TCP",
    alert: {
      action: "allowed",
      gid: 1,
      signature_id: 2027865,
      rev: 3,
      signature: "ET INFO Observed DNS over HTTPS Domain",
      category: "Misc activity",
      severity: 3,
      metadata: {
        affected_product: ["Any"],
        attack_target: ["Client_Endpoint"],
        mitre_tactic_id: ["TA0011"],
        mitre_tactic_name: ["Command_And_Control"],
        mitre_technique_id: ["T1071", "T9999x"],
        mitre_technique_name: ["Application_Layer_Protocol"],
        signature_severity: ["Informational"],
      },
    },
  });

  it("maps ATT&CK from the rule metadata and reports what is not a technique", async () => {
    expect(detectAlertFormat(eve)).toBe("suricata-eve");
    const r = await run(importSuricataEve, eve);
    expect(r.records[0]).toMatchObject({ priority: "Low", mitreTechniques: ["T1071"], tactics: ["Command and Control"] });
    expect(r.findings.map((f) => [f.kind, f.field, f.value])).toEqual([["out_of_enumeration", "mitreTechniques", "T9999x"]]);
  });
});

describe("Zeek notice.log of Zeek 5/6", () => {
  // The notice.log columns Zeek 5 and 6 write (ports, fuid, file fields, n, email_dest, remote_location).
  const tsv = [
    "#separator \\x09",
    "#set_separator\t,",
    "#empty_field\t(empty)",
    "#unset_field\t-",
    "#path\tnotice",
    "#open\t2024-05-02-10-00-00",
    "#fields\tts\tuid\tid.orig_h\tid.orig_p\tid.resp_h\tid.resp_p\tfuid\tfile_mime_type\tfile_desc\tproto\tnote\tmsg\tsub\tsrc\tdst\tp\tn\tpeer_descr\tactions\temail_dest\tsuppress_for\tremote_location.country_code\tremote_location.region\tremote_location.city\tremote_location.latitude\tremote_location.longitude",
    "#types\ttime\tstring\taddr\tport\taddr\tport\tstring\tstring\tstring\tenum\tenum\tstring\tstring\taddr\taddr\tport\tcount\tstring\tset[enum]\tset[string]\tinterval\tstring\tstring\tstring\tdouble\tdouble",
    "1714644000.123456\tCHhAvVGS1DHFjwGM9\t10.0.0.5\t51515\t203.0.113.7\t443\t-\t-\t-\ttcp\tSSL::Invalid_Server_Cert\tSSL certificate validation failed with (unable to get local issuer certificate)\tCN=example\t10.0.0.5\t203.0.113.7\t443\t-\tzeek\tNotice::ACTION_LOG\t(empty)\t3600.000000\t-\t-\t-\t-\t-",
    "#close\t2024-05-02-11-00-00",
  ].join("\n");

  it("reads the columns by the #fields header, whatever their order and number", async () => {
    expect(detectAlertFormat(tsv)).toBe("zeek-tsv");
    const r = await run(importZeekTsv, tsv);
    expect(r.rejected).toEqual([]);
    expect(r.records[0]).toMatchObject({
      sourceId: "CHhAvVGS1DHFjwGM9",
      rule: "SSL::Invalid_Server_Cert",
      srcIp: "10.0.0.5",
      dstIp: "203.0.113.7",
      detectedAt: "2024-05-02T10:00:00.123Z",
    });
    expect(r.records[0]?.raw).toMatchObject({ "id.resp_p": "443", email_dest: "(empty)" });
  });

  it("reads JSON logs written with ISO-8601 timestamps", async () => {
    const json = lines({
      ts: "2024-05-02T10:00:00.123456Z",
      uid: "C1",
      "id.orig_h": "10.0.0.5",
      note: "Scan::Port_Scan",
      msg: "scan",
    });
    const r = await run(importZeekJson, json);
    expect(r.records[0]).toMatchObject({ sourceId: "C1", detectedAt: "2024-05-02T10:00:00.123456Z", priority: "Medium" });
    expect(r.findings).toEqual([]);
  });
});

describe("Wazuh 4.x Windows eventchannel alerts (data.win)", () => {
  const alert = lines({
    timestamp: "2024-05-02T10:11:12.345+0000",
    rule: {
      level: 10,
      description: "Multiple Windows logon failures",
      id: "60204",
      mitre: { id: ["T1110"], tactic: ["Credential Access"], technique: ["Brute Force"] },
      groups: ["windows", "windows_security", "authentication_failures"],
    },
    agent: { id: "004", name: "DC01", ip: "10.0.0.10" },
    manager: { name: "wazuh-manager" },
    id: "1714644672.1234",
    decoder: { name: "windows_eventchannel" },
    data: {
      win: {
        system: {
          providerName: "Microsoft-Windows-Security-Auditing",
          eventID: "4625",
          computer: "DC01.corp.example",
          message: '"An account failed to log on."',
        },
        eventdata: { targetUserName: "administrator", subjectUserName: "-", ipAddress: "198.51.100.23", logonType: "3" },
      },
    },
    location: "EventChannel",
  });

  it("takes the user, address and message from data.win", async () => {
    expect(detectAlertFormat(alert)).toBe("wazuh");
    const r = await run(importWazuh, alert);
    expect(r.records[0]).toMatchObject({
      sourceId: "1714644672.1234",
      priority: "High",
      hostname: "DC01",
      srcIp: "198.51.100.23",
      username: "administrator",
      description: '"An account failed to log on."',
      sourceTool: "windows_eventchannel",
      mitreTechniques: ["T1110"],
      tactics: ["Credential Access"],
    });
  });

  it('skips Windows\' "-" placeholders: no address, and the next account field', async () => {
    const local = alert
      .replace('"ipAddress":"198.51.100.23"', '"ipAddress":"-"')
      .replace('"targetUserName":"administrator","subjectUserName":"-"', '"targetUserName":"-","subjectUserName":"svc-backup"');
    const r = await run(importWazuh, local);
    expect(r.records[0]?.srcIp).toBeUndefined();
    expect(r.records[0]?.username).toBe("svc-backup");
  });
});
