import { parseCsv } from "./csv";
import { createEmitter, RowReport } from "./emit";
import { jsonItems } from "./json-input";
import { mapSample } from "./sample-map";
import type { AlertImporter, ImportEvent } from "./types";
import { isObject } from "./values";

type SampleRow = { row: number; text: string; record?: Record<string, unknown>; problem?: string };

/** Shared by JSON and CSV: maps, validates and reports each unknown key once per file. */
async function* importSampleRows(rows: AsyncIterable<SampleRow>): AsyncIterable<ImportEvent> {
  const emit = createEmitter();
  const reportedKeys = new Set<string>();
  for await (const { row, text, record, problem } of rows) {
    if (!record) {
      yield { kind: "rejected", row, problems: [{ field: "(record)", reason: problem ?? "unreadable" }], raw: text };
      continue;
    }
    const report = new RowReport(row);
    const { alert, unknownKeys } = mapSample(record, report, reportedKeys);
    const event = emit(report, { ...alert, raw: record }, text);
    // Only an emitted record carries the finding; after a rejected row the next record reports it.
    if (event.kind === "record") for (const key of unknownKeys) reportedKeys.add(key);
    yield event;
  }
}

/** The spec's sample alerts as JSON: an array of objects (or `{ "alerts" | "incidents": [...] }`). */
export const importSampleJson: AlertImporter = (source) =>
  importSampleRows(
    (async function* () {
      for await (const item of jsonItems(source, ["alerts", "incidents", "data"])) {
        const record = isObject(item.value) ? item.value : undefined;
        yield { row: item.row, text: item.text, record, problem: item.error ?? "is not a JSON object" };
      }
    })(),
  );

/**
 * The spec's sample alerts as CSV with a header row (line 1). Row numbers are the physical line
 * a record starts on. `raw` is the row as an object of its columns. A row with more cells than
 * the header is rejected; missing trailing cells are empty.
 */
export const importSampleCsv: AlertImporter = (source) =>
  importSampleRows(
    (async function* () {
      let header: string[] | undefined;
      for await (const { line, fields, text } of parseCsv(source.lines())) {
        if (!header) {
          header = fields.map((h) => h.trim());
          continue;
        }
        if (fields.length > header.length) {
          yield { row: line, text, problem: `has ${fields.length} cells, the header has ${header.length}` };
          continue;
        }
        const record: Record<string, unknown> = {};
        header.forEach((name, i) => {
          if (name !== "") record[name] = fields[i] ?? "";
        });
        yield { row: line, text, record };
      }
    })(),
  );
