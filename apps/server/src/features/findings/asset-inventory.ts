import { isIP } from "node:net";
import {
  assetEnvironments,
  assetKeyNumber,
  businessImpacts,
  type DataQualityFinding,
  type FindingSeverity,
  type FindingStatus,
  findingSeverities,
  findingStatuses,
  formatAssetKey,
} from "@watchfloor/shared";
import { openCsvTable } from "../../importers/findings/csv-table";
import { rowObject } from "../../importers/findings/fields";
import { jsonItems } from "../../importers/json-input";
import { ImportFileError, type ImportSource } from "../../importers/types";
import { asList, asNumber, asText, INVALID, isObject, matchEnum, sampleDate } from "../../importers/values";

/** One vulnerable-asset record of the spec's shape, read and checked. */
export interface InventoryRecord {
  key: string;
  name: string;
  type: string;
  department: string | null;
  businessImpact: string | null;
  clientEnvironment: string | null;
  owner: string | null;
  site: string | null;
  latitude: number | null;
  longitude: number | null;
  createdAt: string | null;
  hostnames: string[];
  ips: string[];
  /** The vulnerability the record carries (priority, score, status...), when it has a priority. */
  vulnerability: {
    severity: FindingSeverity;
    score: number | null;
    status: FindingStatus;
    date: string | null;
    assignee: string | null;
    services: string[];
    remediation: string | null;
    cweId: string | null;
  } | null;
}

export type InventoryEvent =
  | { kind: "record"; row: number; record: InventoryRecord; notes: DataQualityFinding[] }
  | { kind: "rejected"; row: number; problems: { field: string; reason: string }[]; raw: string };

/** The spec's vulnerable-asset keys plus inventory extras, by folded name. */
const fields: Record<string, string> = Object.fromEntries(
  [
    "id",
    "name",
    "type",
    "priority",
    "score",
    "status",
    "date",
    "assignee",
    "services",
    "remediationAction",
    "cweId",
    "department",
    "businessImpact",
    "createdDate",
    "clientEnvironment",
    "owner",
    "site",
    "latitude",
    "longitude",
    "hostname",
    "hostnames",
    "ip",
    "ips",
    "fqdn",
  ].map((f) => [fold(f), f]),
);

function fold(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** A key that is the id mistyped: "Id", one edit (or a swap) from "id" like "iid", or "assetId". */
function looksLikeId(key: string): boolean {
  const k = fold(key);
  if (k === "id") return true;
  if (k === "assetid" || k === "assetkey") return true;
  if (k.length === 1) return k === "i" || k === "d";
  if (k.length === 2) return k === "di" || (k[0] === "i") !== (k[1] === "d");
  if (k.length === 3) return [0, 1, 2].some((i) => k.slice(0, i) + k.slice(i + 1) === "id");
  return false;
}

/**
 * Reads one record. Unknown keys, values outside their enumeration and unreadable dates are
 * notes and the field stays empty; a mistyped id key is read as the id with a note; a missing or
 * malformed id or a missing name rejects the record.
 */
export function readInventoryRecord(row: number, input: Record<string, unknown>): InventoryEvent {
  const notes: DataQualityFinding[] = [];
  const note = (kind: DataQualityFinding["kind"], field: string, value: unknown, message: string) =>
    notes.push({ row, field, value: typeof value === "string" ? value : (JSON.stringify(value) ?? ""), kind, message });
  const v: Record<string, unknown> = {};
  const strays: [string, unknown][] = [];
  for (const [key, value] of Object.entries(input)) {
    // Keys compare without case or separators, except the id: any other spelling of it is reported.
    const field = fold(key) === "id" && key !== "id" ? undefined : fields[fold(key)];
    if (field && !(field in v)) v[field] = value;
    else if (!field) strays.push([key, value]);
  }
  for (const [key, value] of strays) {
    if (v.id === undefined && looksLikeId(key)) {
      v.id = value;
      note("unknown_key", key, value, `"${key}" is not a key of the asset shape; read as the mistyped "id"`);
    } else {
      note("unknown_key", key, value, `"${key}" is not a key of the asset shape; ignored`);
    }
  }
  const problems: { field: string; reason: string }[] = [];
  const idText = asText(v.id);
  const number = idText ? assetKeyNumber(idText.toUpperCase()) : null;
  if (!idText) problems.push({ field: "id", reason: "is required: the asset's ASSET-nnnn key" });
  else if (number === null) problems.push({ field: "id", reason: `"${idText}" is not of the form ASSET-nnnn` });
  const name = asText(v.name);
  if (!name) problems.push({ field: "name", reason: "is required" });
  if (problems.length > 0 || number === null || !name) return { kind: "rejected", row, problems, raw: JSON.stringify(input) };

  const oneOf = <T extends string>(field: string, options: readonly T[]): T | null => {
    const read = matchEnum(v[field], options);
    if (read === INVALID)
      note("out_of_enumeration", field, v[field], `${JSON.stringify(v[field])} is not one of ${options.join(", ")}; left empty`);
    return read === INVALID || read === undefined ? null : read;
  };
  const day = (field: string): string | null => {
    const read = sampleDate(v[field]);
    if (read === INVALID)
      note("unparsed_date", field, v[field], `${JSON.stringify(v[field])} is not a date this importer reads; left empty`);
    return read === INVALID || read === undefined ? null : read;
  };
  const num = (field: string, min: number, max: number): number | null => {
    const read = asNumber(v[field]);
    if (read === INVALID || (typeof read === "number" && (read < min || read > max))) {
      note("invalid_value", field, v[field], `${JSON.stringify(v[field])} is not a number from ${min} to ${max}; left empty`);
      return null;
    }
    return read ?? null;
  };
  const addresses = [...asList(v.ip), ...asList(v.ips)];
  for (const a of addresses.filter((x) => !isIP(x)))
    note("invalid_value", "ip", a, `"${a}" is not an IP address; not used to match the asset`);
  const severity = oneOf("priority", findingSeverities);
  const cwe = asText(v.cweId)?.match(/^(?:CWE-)?(\d+)$/i);
  if (asText(v.cweId) && !cwe) note("invalid_value", "cweId", v.cweId, `${JSON.stringify(v.cweId)} is not a CWE id; left empty`);
  const record: InventoryRecord = {
    key: formatAssetKey(number),
    name,
    type: asText(v.type) ?? "Other",
    department: asText(v.department) ?? null,
    businessImpact: oneOf("businessImpact", businessImpacts),
    clientEnvironment: oneOf("clientEnvironment", assetEnvironments),
    owner: asText(v.owner) ?? null,
    site: asText(v.site) ?? null,
    latitude: num("latitude", -90, 90),
    longitude: num("longitude", -180, 180),
    createdAt: day("createdDate"),
    hostnames: [...asList(v.hostname), ...asList(v.hostnames), ...asList(v.fqdn)],
    ips: addresses.filter((a) => isIP(a)),
    vulnerability: severity
      ? {
          severity,
          score: num("score", 0, 10),
          status: oneOf("status", findingStatuses) ?? "Open",
          date: day("date"),
          assignee: asText(v.assignee) ?? null,
          services: asList(v.services),
          remediation: asText(v.remediationAction) ?? null,
          cweId: cwe ? `CWE-${cwe[1]}` : null,
        }
      : null,
  };
  return { kind: "record", row, record, notes };
}

/**
 * The spec's vulnerable-asset records as a JSON array (or JSON lines) or a CSV with the same
 * column names. Repeated ids are noted (`duplicate_id`): the later record updates the earlier.
 */
export async function* readAssetInventory(source: ImportSource): AsyncIterable<InventoryEvent> {
  const seen = new Map<string, number>();
  const check = (event: InventoryEvent): InventoryEvent => {
    if (event.kind !== "record") return event;
    const earlier = seen.get(event.record.key);
    if (earlier !== undefined) {
      event.notes.push({
        row: event.row,
        field: "id",
        value: event.record.key,
        kind: "duplicate_id",
        message: `${event.record.key} appeared earlier in this file (row ${earlier}); this row updates it`,
      });
    } else {
      seen.set(event.record.key, event.row);
    }
    return event;
  };
  let head = "";
  for await (const line of source.lines()) {
    head = line.replace(/^\uFEFF/, "").trim();
    if (head) break;
  }
  if (!head) throw new ImportFileError("Empty asset file");
  if (head.startsWith("[") || head.startsWith("{")) {
    for await (const item of jsonItems(source, ["assets", "items", "data"])) {
      if (item.error !== undefined || !isObject(item.value)) {
        yield {
          kind: "rejected",
          row: item.row,
          problems: [{ field: "(record)", reason: item.error ?? "is not a JSON object" }],
          raw: item.text,
        };
      } else {
        yield check(readInventoryRecord(item.row, item.value));
      }
    }
    return;
  }
  const table = await openCsvTable(source, "asset CSV", "auto");
  for await (const { line, fields: cells } of table.rows) yield check(readInventoryRecord(line, rowObject(table.header, cells)));
}
