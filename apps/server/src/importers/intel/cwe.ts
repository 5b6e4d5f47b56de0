import { type CweEntry, cweEntrySchema } from "@watchfloor/shared";
import { cell, hasColumn, openCsvTable } from "../findings/csv-table";
import { rowObject } from "../findings/fields";
import { jsonItems } from "../json-input";
import { isObject } from "../values";
import { ImportFileError, type ImportSource, type IntelEvent, validated } from "./types";

export type CweEvent = IntelEvent<CweEntry>;

/** 79, "79", "CWE-79" to "CWE-79"; anything else is passed on for the contract to reject. */
function cweId(value: unknown): string | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const m = /^(?:CWE-)?(\d+)$/i.exec(text);
  return m ? `CWE-${m[1]}` : text || undefined;
}

/**
 * DefectDojo's CWE fixture (dojo/fixtures/cwe.json): a Django fixture array of
 * {model: "dojo.cwe", pk, fields: {number, description (the CWE's name), url}}.
 */
export async function* importCweJson(source: ImportSource): AsyncIterable<CweEvent> {
  let seen = false;
  for await (const item of jsonItems(source)) {
    seen = true;
    const value = item.value;
    if (item.error !== undefined || !isObject(value)) {
      const reason = item.error ?? "is not a JSON object";
      yield { kind: "rejected", row: item.row, problems: [{ field: "(record)", reason }], raw: item.text };
      continue;
    }
    if (value.model !== "dojo.cwe" || !isObject(value.fields)) {
      const reason = `is ${JSON.stringify(value.model)}, not a dojo.cwe fixture entry with fields`;
      yield { kind: "rejected", row: item.row, problems: [{ field: "model", reason }], raw: item.text };
      continue;
    }
    const fields = value.fields;
    const candidate = {
      cweId: cweId(fields.number ?? value.pk),
      name: typeof fields.description === "string" ? fields.description : undefined,
    };
    yield validated(cweEntrySchema, item.row, candidate, item.text, { cweId: "fields.number", name: "fields.description" });
  }
  if (!seen) throw new ImportFileError("Empty CWE file");
}

/**
 * MITRE's CWE CSV download (cwe.mitre.org/data/csv/*.csv.zip, unzipped): `CWE-ID,Name,...` with
 * the bare number in CWE-ID. Only the id and name are read; the other columns stay in the file.
 */
export async function* importCweCsv(source: ImportSource): AsyncIterable<CweEvent> {
  const table = await openCsvTable(source, "CWE CSV");
  if (!hasColumn(table, "CWE-ID") || !hasColumn(table, "Name")) {
    throw new ImportFileError('Not a MITRE CWE CSV: the header needs "CWE-ID" and "Name" columns', 1);
  }
  for await (const { line, fields } of table.rows) {
    const candidate = { cweId: cweId(cell(table, fields, "CWE-ID")), name: cell(table, fields, "Name") };
    yield validated(cweEntrySchema, line, candidate, JSON.stringify(rowObject(table.header, fields)), {
      cweId: "CWE-ID",
      name: "Name",
    });
  }
}
