import type { AlertInput } from "@watchfloor/shared";
import { createEmitter, RowReport } from "./emit";
import { jsonItems } from "./json-input";
import type { AlertImporter, ImportDestination } from "./types";
import { isObject } from "./values";

/** A mapped alert (without `raw`, added here) or the reason the record is skipped. */
export type Mapped = Omit<AlertInput, "raw"> | { skip: string };
/** A record that belongs to another store (OCSF vulnerability and compliance findings in an alert file). */
export type Routed = { route: ImportDestination; reason: string };

/**
 * The loop every JSON importer shares: read items, reject what is not a JSON object, map,
 * validate, attach the original object as `raw`.
 */
export function jsonImporter(
  map: (value: Record<string, unknown>, report: RowReport) => Mapped | Routed,
  collectionKeys: readonly string[] = [],
): AlertImporter {
  return async function* importJson(source) {
    const emit = createEmitter();
    for await (const item of jsonItems(source, collectionKeys)) {
      if (item.error !== undefined || !isObject(item.value)) {
        const reason = item.error ?? "is not a JSON object";
        yield { kind: "rejected", row: item.row, problems: [{ field: "(record)", reason }], raw: item.text };
        continue;
      }
      const report = new RowReport(item.row);
      const mapped = map(item.value, report);
      if ("skip" in mapped) {
        yield { kind: "skipped", row: item.row, reason: mapped.skip };
        continue;
      }
      if ("route" in mapped) {
        yield { kind: "routed", row: item.row, destination: mapped.route, reason: mapped.reason };
        continue;
      }
      yield emit(report, { ...mapped, raw: item.value }, item.text);
    }
  };
}
