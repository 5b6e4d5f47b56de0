import { isIP } from "node:net";
import { type FindingInput, type FindingSeverity, findingSeverities, severityFromCvss } from "@watchfloor/shared";
import { type CsvTable, cell, columnName, hasColumn, openCsvTable } from "./csv-table";
import { isoInstant, rowObject } from "./fields";
import { ImportFileError, type FindingImportEvent, type FindingImporter, type ImportSource } from "./types";
import { clip, cweId, toEvent, toInformational, toNumber } from "./values";

/**
 * The documented columns (docs/importers/findings.md) and the other spellings each accepts.
 * Header names compare without case, spaces, dashes or underscores; other columns are kept in `raw`.
 */
export const genericCsvColumns = {
  id: ["id", "finding id", "vuln id"],
  hostname: ["hostname", "host"],
  ip: ["ip", "ip address"],
  fqdn: ["fqdn", "dns name"],
  target: ["target", "asset", "url"],
  title: ["title", "name", "vulnerability"],
  severity: ["severity", "risk"],
  cvss: ["cvss", "cvss score"],
  cvssVector: ["cvss vector"],
  cve: ["cve", "cves", "cve id"],
  cwe: ["cwe", "cwe id"],
  port: ["port"],
  protocol: ["protocol"],
  scanner: ["scanner", "source", "tool"],
  firstSeen: ["first seen", "first found"],
  lastSeen: ["last seen", "last found"],
  remediation: ["remediation", "solution"],
  description: ["description"],
} as const;
type Column = keyof typeof genericCsvColumns;

const identity: Column[] = ["hostname", "ip", "fqdn", "target"];
const skipWords = new Set(["info", "informational", "none"]);

type Problem = { field: string; reason: string };

/** Reads and checks one row's values; every bad value becomes a problem naming its column. */
function readRow(table: CsvTable, fields: string[]) {
  const problems: Problem[] = [];
  const get = (c: Column) => cell(table, fields, ...genericCsvColumns[c]);
  const name = (c: Column) => columnName(table, ...genericCsvColumns[c]);
  const fail = (c: Column, reason: string) => problems.push({ field: name(c), reason });

  const ip = get("ip");
  if (ip && !isIP(ip)) fail("ip", `"${ip}" is not an IPv4 or IPv6 address`);
  if (!identity.some((c) => get(c))) {
    problems.push({ field: identity.map(name).join("|"), reason: "needs one of hostname, ip, fqdn or target" });
  }
  if (!get("title")) fail("title", "is required");

  const cvssText = get("cvss");
  const cvss = toNumber(cvssText);
  if (cvssText && (cvss === undefined || cvss < 0 || cvss > 10)) fail("cvss", `"${cvssText}" is not a score from 0 to 10`);
  const word = get("severity");
  const canonical = findingSeverities.find((s) => s.toLowerCase() === word?.toLowerCase());
  if (word && !canonical && !skipWords.has(word.toLowerCase())) {
    fail("severity", `"${word}" is not one of ${findingSeverities.join(", ")} (or Info, skipped)`);
  }
  if (!word && !cvssText) fail("severity", "is required when there is no cvss score");

  const cves = (get("cve") ?? "").split(/[\s,;]+/).filter(Boolean);
  const badCves = cves.filter((c) => !/^CVE-\d{4}-\d{4,}$/i.test(c));
  if (badCves.length) fail("cve", `${badCves.map((c) => `"${c}"`).join(", ")} not a CVE id (CVE-YYYY-NNNN)`);
  const cweText = get("cwe");
  if (cweText && !cweId(cweText)) fail("cwe", `"${cweText}" is not a CWE id (79 or CWE-79)`);

  const portText = get("port");
  const portMatch = portText?.match(/^(\d{1,5})(?:\/(\w+))?$/);
  const port = portMatch ? Number(portMatch[1]) : undefined;
  if (portText && (port === undefined || port > 65535)) fail("port", `"${portText}" is not a port number (0-65535)`);

  const date = (c: Column) => {
    const text = get(c);
    const iso = isoInstant(text);
    if (text && !iso) fail(c, `"${text}" is not a date (ISO 8601, e.g. 2024-05-01 or 2024-05-01T10:00:00Z)`);
    return iso;
  };
  const firstSeen = date("firstSeen");
  const lastSeen = date("lastSeen");
  if (firstSeen && lastSeen && firstSeen > lastSeen) fail("lastSeen", "is before first seen");

  return { problems, get, canonical, cvss, cves, port, protocol: get("protocol") ?? portMatch?.[2], firstSeen, lastSeen };
}

export function mapGenericRow(row: ReturnType<typeof readRow>, severity: FindingSeverity, raw: unknown): FindingInput {
  const { get, cves } = row;
  const cveList = cves.map((c) => c.toUpperCase());
  return {
    scanner: get("scanner") ?? "csv",
    // Without an id column the first CVE, else the title, keeps re-imports of one sheet idempotent.
    scannerFindingId: get("id") ?? cveList[0] ?? get("title") ?? "",
    hostname: get("hostname"),
    ip: get("ip"),
    fqdn: get("fqdn"),
    target: get("target"),
    port: row.port,
    protocol: row.protocol,
    title: get("title") ?? "",
    description: clip(get("description"), 10000),
    severity,
    cvssScore: row.cvss,
    cvssVector: get("cvssVector"),
    cveIds: [...new Set(cveList)],
    cweId: cweId(get("cwe")),
    remediation: clip(get("remediation"), 5000),
    firstSeen: row.firstSeen,
    lastSeen: row.lastSeen,
    raw,
  };
}

function mapRecord(table: CsvTable, line: number, fields: string[]): FindingImportEvent {
  const rawObject = rowObject(table.header, fields);
  const raw = JSON.stringify(rawObject);
  if (fields.length !== table.header.length) {
    const reason = `has ${fields.length} fields, the header has ${table.header.length}`;
    return { kind: "rejected", row: line, problems: [{ field: "(row)", reason }], raw };
  }
  const row = readRow(table, fields);
  if (row.problems.length > 0) return { kind: "rejected", row: line, problems: row.problems, raw };
  const word = row.get("severity")?.toLowerCase();
  // An explicit severity wins over the score's band; a score of 0 is "None", informational.
  const severity = row.canonical ?? (word ? null : severityFromCvss(row.cvss ?? 0));
  if (!severity) return toInformational(line, "informational (severity Info / CVSS 0)", mapGenericRow(row, "Low", rawObject));
  return toEvent(line, mapGenericRow(row, severity, rawObject));
}

/**
 * A spreadsheet of findings with a header row (comma, semicolon or tab separated). Required:
 * a title column, an asset column (hostname, ip, fqdn or target) and severity or cvss.
 */
export const importGenericCsv: FindingImporter = async function* (source: ImportSource) {
  const table = await openCsvTable(source, "findings CSV", "auto");
  const missing = [
    hasColumn(table, ...genericCsvColumns.title) ? undefined : "a title column",
    identity.some((c) => hasColumn(table, ...genericCsvColumns[c]))
      ? undefined
      : "an asset column (hostname, ip, fqdn or target)",
    hasColumn(table, ...genericCsvColumns.severity, ...genericCsvColumns.cvss) ? undefined : "a severity or cvss column",
  ].filter(Boolean);
  if (missing.length > 0) throw new ImportFileError(`The CSV header lacks ${missing.join("; ")}`, 1);
  for await (const record of table.rows) yield mapRecord(table, record.line, record.fields);
};
