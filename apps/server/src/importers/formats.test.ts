import { describe, expect, it } from "vitest";
import { detectAlertFormat } from "./detect";
import { importEcs } from "./ecs";
import { importOcsf } from "./ocsf";
import { summariseImport } from "./summarise";
import { importTheHive } from "./thehive";
import { ImportFileError, sourceFromString } from "./types";
import { importWazuh } from "./wazuh";
import { importZeekTsv } from "./zeek-tsv";

const run = (importer: typeof importEcs, text: string) => summariseImport(importer(sourceFromString(text)));

// The two records of zeek_notice_beats.json written as Zeek's native TSV notice.log.
const zeekTsv = [
  "#separator \\x09",
  "#set_separator\t,",
  "#empty_field\t(empty)",
  "#unset_field\t-",
  "#path\tnotice",
  "#fields\tts\tuid\tid.orig_h\tid.resp_h\tnote\tmsg\tsub\tsrc\tdst\tp\tpeer_descr\tactions\tsuppress_for\tdropped",
  "#types\ttime\tstring\taddr\taddr\tenum\tstring\tstring\taddr\taddr\tport\tstring\tset[enum]\tinterval\tbool",
  "1320435875.879278\t-\t-\t-\tSSH::Password_Guessing\t172.16.238.1 appears to be guessing SSH passwords (seen in 30 connections).\tSampled servers:  172.16.238.136, 172.16.238.136\t172.16.238.1\t-\t-\tbro\tNotice::ACTION_LOG\t3600.000000\tF",
  "1551393388.426472\t-\t-\t-\tScan::Port_Scan\t216.160.83.57 scanned at least 15 unique ports of host 207.154.238.205 in 0m0s\tremote\t216.160.83.57\t207.154.238.205\t-\tbro\t(empty)\t3600.000000\tF",
  "1551393390.0\tCx1\t10.0.0.1\t10.0.0.2\tWeird::Activity\tshort row",
  "#close\t2019-02-28-22-40-00",
].join("\n");

describe("zeek TSV", () => {
  it("reads the header, maps like the JSON log and rejects a short row", async () => {
    expect(detectAlertFormat(zeekTsv)).toBe("zeek-tsv");
    const r = await run(importZeekTsv, zeekTsv);
    expect(r.records.map((a) => [a.sourceId, a.priority, a.srcIp, a.dstIp ?? null])).toEqual([
      ["1320435875.879278:SSH::Password_Guessing:172.16.238.1", "High", "172.16.238.1", null],
      ["1551393388.426472:Scan::Port_Scan:216.160.83.57", "Medium", "216.160.83.57", "207.154.238.205"],
    ]);
    expect(r.records[0]?.raw).toMatchObject({ uid: "-", actions: "Notice::ACTION_LOG", dst: "-" });
    expect(r.rejected.map((e) => e.row)).toEqual([10]);
  });

  it("rejects the file when a record comes before #fields", async () => {
    await expect(run(importZeekTsv, "1551393388.4\tScan::Port_Scan\n")).rejects.toBeInstanceOf(ImportFileError);
  });
});

describe("JSON shapes", () => {
  it("ECS as JSON lines: skips non-alert kinds, reads flattened keys and ATT&CK threat fields", async () => {
    const lines = [
      { "@timestamp": "2024-01-02T03:04:05Z", event: { kind: "signal", id: "e-1", risk_score: 73 }, rule: { name: "R" } },
      { "@timestamp": "2024-01-02T03:04:05Z", event: { kind: "event" } },
      {
        "@timestamp": "2024-01-02T03:04:05Z",
        "event.kind": "alert",
        "event.severity": 99,
        "rule.name": "Flat",
        "threat.tactic.name": ["Credential Access"],
        "threat.technique.id": ["T1110"],
        "threat.technique.subtechnique.id": ["T1110.003"],
      },
    ];
    const r = await run(importEcs, lines.map((l) => JSON.stringify(l)).join("\n"));
    expect(r.skipped).toEqual({ "event.kind event is not an alert": 1 });
    expect(r.records.map((a) => [a.sourceId.slice(0, 7), a.name, a.priority])).toEqual([
      ["e-1", "R", "High"],
      ["sha256:", "Flat", "Critical"],
    ]);
    expect(r.records[1]).toMatchObject({ tactics: ["Credential Access"], mitreTechniques: ["T1110", "T1110.003"] });
  });

  it("OCSF as an array: skips other classes, maps severity_id and attacks[]", async () => {
    const finding = {
      class_uid: 2004,
      severity_id: 6,
      time: 1700000000000,
      finding_info: { uid: "f-1", title: "Fatal" },
      attacks: [{ technique: { uid: "T1486" }, tactic: { name: "Impact" } }],
    };
    const r = await run(importOcsf, JSON.stringify([finding, { class_uid: 3002 }]));
    expect(r.skipped).toEqual({ "class_uid 3002 is not in the OCSF Findings category (2001-2099)": 1 });
    expect(r.records[0]).toMatchObject({
      sourceId: "f-1",
      priority: "Critical",
      detectedAt: "2023-11-14T22:13:20.000Z",
      tactics: ["Impact"],
      mitreTechniques: ["T1486"],
    });
  });

  it("TheHive wrapped in {alerts}: status map, ATT&CK tags, bad severity rejected", async () => {
    const alerts = [
      {
        _id: "~1",
        title: "T",
        severity: 4,
        date: 0,
        status: "Imported",
        tags: ["attack.t1110", "mitre:T1059.001", "attack.execution", "x"],
      },
      { _id: "~2", title: "Bad", severity: 9, date: 0 },
    ];
    const r = await run(importTheHive, JSON.stringify({ alerts }));
    expect(r.records[0]).toMatchObject({
      priority: "Critical",
      status: "Acknowledged",
      mitreTechniques: ["T1110", "T1059.001"],
      tactics: ["Execution"],
      services: ["attack.t1110", "mitre:T1059.001", "attack.execution", "x"],
    });
    expect(r.rejected.map((e) => [e.row, e.problems[0]?.field])).toEqual([[2, "severity"]]);
  });

  it("a broken JSON line is one rejected row, not a broken file", async () => {
    const good = JSON.stringify({
      id: "1",
      timestamp: "2020-01-01T00:00:00+0000",
      rule: { level: 15, description: "x", id: "1" },
    });
    const r = await run(importWazuh, `${good}\n{"id": "2", \n${good.replace('"1"', '"3"')}\n`);
    expect(r.records.map((a) => [a.sourceId, a.priority])).toEqual([
      ["1", "Critical"],
      ["3", "Critical"],
    ]);
    expect(r.rejected.map((e) => [e.row, e.problems[0]?.field])).toEqual([[2, "(record)"]]);
  });
});
