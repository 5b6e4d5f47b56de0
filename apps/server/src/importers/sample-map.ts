import {
  type AlertInput,
  environments,
  incidentStatuses,
  mapCategories,
  notifySlaSchema,
  priorities,
  resolutionTypes,
  slaStatuses,
} from "@watchfloor/shared";
import { tacticNames, techniqueIds } from "./attack-fields";
import type { RowReport } from "./emit";
import { foldKey, type SampleField, sampleFields } from "./sample-fields";
import { asBoolean, asList, asNumber, asText, INVALID, matchEnum, sampleDate } from "./values";

/** The map's categories that are not environments: the spec's samples put them in clientEnvironment. */
const categoriesOnly = mapCategories.filter((c) => !(environments as readonly string[]).includes(c));

type Entry = { key: string; value: unknown; spec: SampleField };
const notify = notifySlaSchema.options;
const ranges: Record<string, [number, number]> = { userRiskScore: [0, 100] };

/** Empty strings, null and empty lists are absent (the samples leave `resolveddate` empty). */
const isEmpty = (v: unknown) =>
  v === null || v === undefined || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

/**
 * Maps one sample-shaped record (a JSON object or a CSV row) to a canonical candidate. Values
 * outside their enumeration, unreadable dates and unknown keys become findings and the field is
 * left empty; a missing id, name or priority, or a status that is not a status, reject the row.
 * `knownUnknowns` holds keys already reported in this file; the caller adds `unknownKeys` to it
 * once the record is emitted.
 */
export function mapSample(record: Record<string, unknown>, report: RowReport, knownUnknowns: ReadonlySet<string>) {
  const unknownKeys: string[] = [];
  const byField = new Map<string, Entry[]>();
  for (const [key, value] of Object.entries(record)) {
    const spec = sampleFields[foldKey(key)];
    if (!spec) {
      if (!knownUnknowns.has(key)) {
        report.finding("unknown_key", key, value, `${key} is not a key of the sample alert shape; kept in raw only`);
        unknownKeys.push(key);
      }
      continue;
    }
    if (isEmpty(value) || spec.kind === "keep") continue;
    const entries = byField.get(spec.field) ?? [];
    // `date` wins over `alertDetectionDate` whatever the column order.
    if (foldKey(key) === "date") entries.unshift({ key, value, spec });
    else entries.push({ key, value, spec });
    byField.set(spec.field, entries);
  }

  const alert: Record<string, unknown> = { source: "sample" };
  for (const [field, entries] of byField) {
    // Every spelling present is read (a valid resolutionType must not hide ResolType "Yes" beside
    // it); the first readable value wins. ATT&CK techniques read all their spellings at once.
    for (const entry of entries) {
      const value = readValue(report, field, entry, entries);
      if (alert[field] === undefined) alert[field] = value;
      if (entry.spec.kind === "techniques") break;
    }
  }
  if (alert.sourceId === undefined) report.reject("id", "is required: it becomes the alert's sourceId");
  if (alert.name === undefined) report.reject("name", "is required");
  if (!byField.has("priority")) report.reject("priority", "is required");
  if (!byField.has("status")) report.reject("status", "is required: a row without a status is not an alert");
  return { alert: alert as AlertInput, unknownKeys };
}

function readValue(report: RowReport, field: string, { key, value, spec }: Entry, all: Entry[]): unknown {
  switch (spec.kind) {
    case "text":
      return asText(value);
    case "list":
      return asList(value);
    case "date":
      return report.date(sampleDate(value), field, value);
    case "techniques":
      return techniqueIds(
        report,
        all.flatMap((e) => asList(e.value)),
        field,
      );
    case "tactics":
      return tacticNames(report, asList(value), field);
    case "boolean":
      return report.outOfEnum(asBoolean(value), field, value, ["true", "false"]);
    case "number": {
      const n = asNumber(value);
      const [min, max] = ranges[field] ?? [0, 1e6];
      if (n === INVALID || (n !== undefined && (n < min || n > max))) {
        report.finding("out_of_enumeration", field, value, `${JSON.stringify(value)} is not a number from ${min} to ${max}`);
        return undefined;
      }
      return n;
    }
    case "priority":
    case "status": {
      const options = spec.kind === "status" ? incidentStatuses : priorities;
      const read = matchEnum(value, options);
      // A required enumeration out of range rejects the row: a placeholder like "Status" is not an alert.
      if (read === INVALID && (field === "priority" || field === "status")) {
        report.reject(key, `out_of_enumeration: ${JSON.stringify(value)} is not one of ${options.join(", ")}`);
        return undefined;
      }
      return report.outOfEnum(read, field, value, options);
    }
    case "resolution":
      return report.outOfEnum(matchEnum(value, resolutionTypes), field, value, resolutionTypes);
    case "sla":
      return report.outOfEnum(matchEnum(value, slaStatuses), field, value, slaStatuses);
    case "notify":
      return report.outOfEnum(matchEnum(value, notify), field, value, notify);
    case "environment": {
      const read = matchEnum(value, environments);
      const category = read === INVALID ? matchEnum(value, categoriesOnly) : undefined;
      if (typeof category !== "string") return report.outOfEnum(read, field, value, environments);
      report.finding(
        "out_of_enumeration",
        field,
        value,
        `"${category}" is an asset category of the map, not an environment (${environments.join(", ")})`,
      );
      return undefined;
    }
    default:
      return undefined;
  }
}
