import { findingEvidenceMax, type FindingInput, severityFromCvss } from "@watchfloor/shared";
import { type CsvTable, cell, hasColumn, openCsvTable } from "./csv-table";
import { isoInstant, rowObject } from "./fields";
import { parsePort } from "./openvas";
import { ImportFileError, type FindingImporter, type ImportSource } from "./types";
import { clip, cveIds, dedent, oneLine, splitAddress, tidy, toEvent, toInformational, toNumber } from "./values";

const formatName = "OpenVAS/GVM CSV";

/** "80" with protocol "tcp"; an empty port is GVM's "general" (host-wide) result. */
function port(table: CsvTable, fields: string[]): { port?: number; protocol?: string; service?: string } {
  const value = cell(table, fields, "Port");
  const protocol = cell(table, fields, "Port Protocol");
  // Older exports write "80/tcp" or "general/tcp" in the Port column itself.
  if (value?.includes("/")) return parsePort(value);
  const n = toNumber(value);
  if (n !== undefined && Number.isInteger(n)) return { port: n, protocol };
  return { protocol, service: value ?? (protocol ? "general" : undefined) };
}

export function mapOpenvasCsvRow(table: CsvTable, fields: string[], score: number): FindingInput {
  const at = (...names: string[]) => cell(table, fields, ...names);
  const description = [at("Summary"), at("Vulnerability Insight"), at("Impact")].map(tidy).filter(Boolean).join("\n\n");
  const seen = isoInstant(at("Timestamp"));
  return {
    scanner: "openvas",
    scannerFindingId: at("NVT OID") ?? "",
    hostname: at("Hostname"),
    ...splitAddress(at("IP")),
    ...port(table, fields),
    title: oneLine(at("NVT Name")) ?? "",
    description: clip(description, 10000),
    // As in the XML importer: the level follows the score, since GVM's own word stops at High.
    severity: severityFromCvss(score) ?? "Low",
    cvssScore: score,
    cveIds: cveIds([at("CVEs") ?? ""]),
    remediation: clip(tidy(at("Solution")), 5000),
    evidence: clip(dedent(at("Specific Result")), findingEvidenceMax),
    firstSeen: seen,
    lastSeen: seen,
    raw: rowObject(table.header, fields),
  };
}

/**
 * GVM's CSV results export ("CSV Results" report format): one result per row with IP, Hostname,
 * Port, Port Protocol, CVSS, Severity, NVT Name, NVT OID, CVEs, Specific Result, Timestamp, ...
 * Same rules as the XML importer: Log (CVSS 0) and false positives are skipped.
 */
export const importOpenvasCsv: FindingImporter = async function* (source: ImportSource) {
  const table = await openCsvTable(source, formatName);
  for (const required of ["IP", "NVT OID", "NVT Name"]) {
    if (!hasColumn(table, required)) {
      throw new ImportFileError(`Not an ${formatName} export: the header has no "${required}" column`, 1);
    }
  }
  if (!hasColumn(table, "CVSS", "Severity")) {
    throw new ImportFileError(`Not an ${formatName} export: the header has neither a "CVSS" nor a "Severity" column`, 1);
  }
  for await (const record of table.rows) {
    const { line, fields } = record;
    const raw = JSON.stringify(rowObject(table.header, fields));
    if (fields.length !== table.header.length) {
      const reason = `has ${fields.length} fields, the header has ${table.header.length}`;
      yield { kind: "rejected", row: line, problems: [{ field: "(row)", reason }], raw };
      continue;
    }
    const word = (cell(table, fields, "Severity") ?? "").toLowerCase();
    const score = toNumber(cell(table, fields, "CVSS"));
    if (word === "false positive" || (score !== undefined && score < 0)) {
      yield { kind: "skipped", row: line, reason: "false positive" };
    } else if (word === "log" || score === 0) {
      yield toInformational(line, "informational (GVM Log, severity 0)", mapOpenvasCsvRow(table, fields, 0));
    } else if (score === undefined || score > 10) {
      const reason = cell(table, fields, "CVSS") ? `"${cell(table, fields, "CVSS")}" is not a score from 0 to 10` : "is missing";
      yield { kind: "rejected", row: line, problems: [{ field: "CVSS", reason }], raw };
    } else {
      yield toEvent(line, mapOpenvasCsvRow(table, fields, score));
    }
  }
};
