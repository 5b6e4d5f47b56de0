import { createHash } from "node:crypto";

/**
 * A raw event as the Sigma matcher reads it: field name -> text (numbers written in decimal),
 * or several texts for a multi-valued field. Null values are left out, so `Field: null` and
 * `Field|exists: false` match them as absent. Rules compare case-insensitively unless they say
 * `cased`, so lower-case copies of the fields they read are kept with the event.
 */
export class SigmaEvent {
  private lowered: Map<string, string | string[] | undefined> | null = null;

  constructor(
    readonly fields: Record<string, string | string[]>,
    /** Stable id of the event: the source's record id when it has one, else a hash of its content. */
    readonly id: string,
    /** ISO-8601 time the event was written, when it says. */
    readonly time: string | null,
  ) {}

  /** A field's value lower-cased (made on first use: a rule reads only a few fields). */
  lower(field: string): string | string[] | undefined {
    if (this.lowered === null) this.lowered = new Map();
    else if (this.lowered.has(field)) return this.lowered.get(field);
    const v = this.fields[field];
    const low = v === undefined ? undefined : typeof v === "string" ? v.toLowerCase() : v.map((s) => s.toLowerCase());
    this.lowered.set(field, low);
    return low;
  }

  text(field: string): string | null {
    const v = this.fields[field];
    return typeof v === "string" ? v : null;
  }

  get channel(): string | null {
    return this.text("Channel");
  }

  get computer(): string | null {
    return this.text("Computer");
  }
}

export type EventShape = "evtx" | "winlogbeat";

export class EventShapeError extends Error {}

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Winlogbeat/ECS fields that stand for the Sysmon / Security names Sigma rules use. */
const ecsAliases: [string, string][] = [
  ["process.executable", "Image"],
  ["process.command_line", "CommandLine"],
  ["process.pe.original_file_name", "OriginalFileName"],
  ["process.working_directory", "CurrentDirectory"],
  ["process.parent.executable", "ParentImage"],
  ["process.parent.command_line", "ParentCommandLine"],
  ["file.path", "TargetFilename"],
  ["dll.path", "ImageLoaded"],
  ["registry.path", "TargetObject"],
  ["source.ip", "SourceIp"],
  ["destination.ip", "DestinationIp"],
  ["destination.port", "DestinationPort"],
  ["dns.question.name", "QueryName"],
];

/**
 * Reads one event in the EVTX-as-JSON shape (`Event.System`, `Event.EventData`) or the
 * Winlogbeat/ECS shape (`winlog.event_id`, `winlog.event_data`, ECS fields). Anything else is
 * refused with the reason, so a file of the wrong kind is not silently counted as "no match".
 */
export function readEvent(raw: Json): SigmaEvent {
  if (!isObject(raw)) throw new EventShapeError("is not a JSON object");
  const fields: Record<string, string | string[]> = Object.create(null);
  if (isObject(raw.Event) && isObject(raw.Event.System)) return fromEvtx(raw.Event, fields, raw);
  if (isObject(raw.winlog) || isObject(raw.event) || "@timestamp" in raw) return fromEcs(raw, fields);
  throw new EventShapeError("is neither a Windows event (Event.System) nor a Winlogbeat/ECS event (winlog, event, @timestamp)");
}

function fromEvtx(event: Record<string, Json>, fields: Record<string, string | string[]>, raw: Json): SigmaEvent {
  const system = event.System as Record<string, Json>;
  const provider = attribute(system.Provider, "Name");
  const eventId = textOf(isObject(system.EventID) ? system.EventID["#text"] : system.EventID);
  put(fields, "EventID", eventId);
  put(fields, "Channel", textOf(system.Channel));
  put(fields, "Provider_Name", provider);
  put(fields, "Computer", textOf(system.Computer));
  put(fields, "EventRecordID", textOf(system.EventRecordID));
  put(fields, "Level", textOf(system.Level));
  put(fields, "Task", textOf(system.Task));
  put(fields, "Keywords", textOf(system.Keywords));
  for (const section of [event.EventData, event.UserData]) {
    if (!isObject(section)) continue;
    // Some converters keep EventData as `Data: [{"#attributes": {"Name": ...}, "#text": ...}]`.
    const data = section.Data;
    if (Array.isArray(data)) {
      for (const item of data) {
        const name = attribute(item, "Name");
        if (name && isObject(item)) put(fields, name, textOf(item["#text"]));
      }
    }
    const body = section === event.UserData ? firstObject(section) : section;
    for (const [key, value] of Object.entries(body ?? {}))
      if (key !== "Data" && key !== "#attributes") putValue(fields, key, value);
  }
  const record = fields.EventRecordID;
  const id =
    typeof record === "string" && typeof fields.Computer === "string"
      ? `${fields.Computer}|${fields.Channel ?? ""}|${record}`
      : contentHash(raw);
  const time = attribute(system.TimeCreated, "SystemTime");
  return finish(fields, id, time);
}

function fromEcs(raw: Record<string, Json>, fields: Record<string, string | string[]>): SigmaEvent {
  flatten(raw, "", fields, 0);
  const winlog = isObject(raw.winlog) ? raw.winlog : {};
  const eventData = isObject(winlog.event_data) ? winlog.event_data : {};
  for (const [key, value] of Object.entries(eventData)) putValue(fields, key, value);
  for (const [from, to] of ecsAliases) if (fields[to] === undefined && fields[from] !== undefined) fields[to] = fields[from];
  const ecsEvent = isObject(raw.event) ? raw.event : {};
  put(fields, "EventID", textOf(winlog.event_id) ?? textOf(ecsEvent.code));
  put(fields, "Channel", textOf(winlog.channel));
  put(fields, "Provider_Name", textOf(winlog.provider_name) ?? textOf(ecsEvent.provider));
  const host = isObject(raw.host) ? raw.host : {};
  put(fields, "Computer", textOf(winlog.computer_name) ?? textOf(host.name));
  const record = textOf(winlog.record_id);
  const computer = fields.Computer;
  const id =
    record && typeof computer === "string"
      ? `${computer}|${fields.Channel ?? ""}|${record}`
      : (textOf(ecsEvent.id) ?? contentHash(raw));
  return finish(fields, id, textOf(raw["@timestamp"]));
}

function finish(fields: Record<string, string | string[]>, id: string, time: string | null): SigmaEvent {
  return new SigmaEvent(fields, id, time);
}

const MAX_FLATTEN_DEPTH = 8;

/** ECS objects become dotted names (`process.executable`); arrays of scalars stay multi-valued. */
function flatten(value: Record<string, Json>, prefix: string, fields: Record<string, string | string[]>, depth: number): void {
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(child)) {
      if (depth < MAX_FLATTEN_DEPTH) flatten(child, name, fields, depth + 1);
    } else putValue(fields, name, child);
  }
}

function putValue(fields: Record<string, string | string[]>, key: string, value: Json): void {
  if (Array.isArray(value)) {
    const texts = value.map(textOf).filter((t): t is string => t !== null);
    if (texts.length) fields[key] = texts;
    return;
  }
  put(fields, key, textOf(value));
}

function put(fields: Record<string, string | string[]>, key: string, value: string | null): void {
  if (value !== null) fields[key] = value;
}

function textOf(value: Json): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (isObject(value) && "#text" in value) return textOf(value["#text"]);
  return null;
}

function attribute(node: Json, name: string): string | null {
  if (!isObject(node)) return null;
  const attrs = node["#attributes"];
  return isObject(attrs) ? textOf(attrs[name]) : null;
}

function firstObject(section: Record<string, Json>): Record<string, Json> | null {
  for (const value of Object.values(section)) if (isObject(value)) return value;
  return null;
}

function contentHash(raw: Json): string {
  return `sha256:${createHash("sha256").update(JSON.stringify(raw)).digest("hex").slice(0, 32)}`;
}
