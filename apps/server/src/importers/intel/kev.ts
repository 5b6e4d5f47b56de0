import { type KevCatalog, type KevEntry, kevCatalogSchema, kevEntrySchema } from "@watchfloor/shared";
import { cell, hasColumn, openCsvTable } from "../findings/csv-table";
import { isoInstant, rowObject } from "../findings/fields";
import { parseDocument } from "../json-input";
import { isObject } from "../values";
import { ImportFileError, type ImportSource, type IntelEvent, type Problem, validated } from "./types";

export type KevEvent = IntelEvent<KevEntry, KevCatalog>;

/** The catalog's column / key names (known_exploited_vulnerabilities_schema.json), in CISA's CSV order. */
export const kevColumns = [
  "cveID",
  "vendorProject",
  "product",
  "vulnerabilityName",
  "dateAdded",
  "shortDescription",
  "requiredAction",
  "dueDate",
  "knownRansomwareCampaignUse",
  "notes",
  "cwes",
] as const;
const required = kevColumns.slice(0, 8);

/** Contract field -> the catalog's name for it, so problems point at the file. */
const sourceNames = { cveId: "cveID", name: "vulnerabilityName", knownRansomware: "knownRansomwareCampaignUse" };

const str = (v: unknown) => (typeof v === "string" ? v.trim() : undefined);

/** "CWE-79, CWE-89" (CSV) or ["CWE-79"] (JSON); the schema's pattern is checked by the contract. */
function cwes(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  return (str(value) ?? "").split(/[\s,;]+/).filter(Boolean);
}

/** One catalog entry (a JSON object or a CSV row as an object) to the contract, or its problems. */
export function mapKevEntry(row: number, entry: Record<string, unknown>, raw: string): KevEvent {
  const problems: Problem[] = required
    .filter((key) => !str(entry[key]))
    .map((key) => ({ field: key, reason: "is required by the KEV schema" }));
  const ransomware = str(entry.knownRansomwareCampaignUse) ?? "Unknown";
  if (!/^(known|unknown)$/i.test(ransomware)) {
    problems.push({ field: "knownRansomwareCampaignUse", reason: `"${ransomware}" is neither "Known" nor "Unknown"` });
  }
  const candidate = {
    cveId: str(entry.cveID),
    vendorProject: str(entry.vendorProject),
    product: str(entry.product),
    name: str(entry.vulnerabilityName),
    dateAdded: str(entry.dateAdded),
    dueDate: str(entry.dueDate),
    requiredAction: str(entry.requiredAction),
    shortDescription: str(entry.shortDescription),
    knownRansomware: /^known$/i.test(ransomware),
    notes: str(entry.notes) || undefined,
    cwes: cwes(entry.cwes),
  };
  const event = validated(kevEntrySchema, row, candidate, raw, sourceNames);
  if (problems.length === 0) return event;
  // Every problem of the entry at once, one per field: the schema checks above word it best.
  const more = event.kind === "rejected" ? event.problems.filter((p) => !problems.some((q) => q.field === p.field)) : [];
  return { kind: "rejected", row, problems: [...problems, ...more], raw };
}

/**
 * CISA's KEV catalog JSON (known_exploited_vulnerabilities.json): the header (catalogVersion,
 * dateReleased, count) must be there and valid, as the schema requires; entries are checked one
 * by one. The catalog is one document (about 1.3 MB) and is read whole.
 */
export async function* importKevJson(source: ImportSource): AsyncIterable<KevEvent> {
  const doc = parseDocument(await source.text());
  if (!isObject(doc) || !Array.isArray(doc.vulnerabilities)) {
    throw new ImportFileError("Not a KEV catalog: expected an object with a vulnerabilities array");
  }
  const header = kevCatalogSchema.safeParse({
    catalogVersion: doc.catalogVersion,
    dateReleased: isoInstant(doc.dateReleased) ?? doc.dateReleased,
    count: doc.count,
  });
  if (!header.success) {
    const issue = header.error.issues[0];
    throw new ImportFileError(`Not a valid KEV catalog: ${issue?.path.join(".")} ${issue?.message}`);
  }
  yield { kind: "meta", meta: header.data };
  for (const [i, entry] of doc.vulnerabilities.entries()) {
    const raw = JSON.stringify(entry) ?? "";
    if (!isObject(entry))
      yield { kind: "rejected", row: i + 1, problems: [{ field: "(record)", reason: "is not an object" }], raw };
    else yield mapKevEntry(i + 1, entry, raw);
  }
}

/** The KEV catalog as CISA's CSV (the same columns as the JSON entries; no catalog header). */
export async function* importKevCsv(source: ImportSource): AsyncIterable<KevEvent> {
  const table = await openCsvTable(source, "KEV CSV");
  const missing = required.filter((c) => !hasColumn(table, c));
  if (missing.length > 0) throw new ImportFileError(`Not a KEV CSV: the header has no ${missing.join(", ")} column`, 1);
  for await (const { line, fields } of table.rows) {
    const entry = Object.fromEntries(kevColumns.map((c) => [c, cell(table, fields, c)]));
    yield mapKevEntry(line, entry, JSON.stringify(rowObject(table.header, fields)));
  }
}
