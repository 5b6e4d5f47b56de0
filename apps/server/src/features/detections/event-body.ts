import { detectionLimits, jsonMaxDepth } from "@watchfloor/shared";
import { valueTooDeep } from "../../lib/json-depth";

export class EventBodyError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field} ${reason}`);
  }
}

/**
 * The events of a body or file: a JSON array, one JSON object (an exported `.event.json`,
 * pretty-printed or not), or NDJSON (one event per line). Parsed values (a JSON request body)
 * are taken as they are.
 */
export function eventsOf(body: unknown): unknown[] {
  if (Buffer.isBuffer(body) || typeof body === "string")
    return eventsOfText(Buffer.isBuffer(body) ? body.toString("utf8") : body);
  const events = Array.isArray(body) ? body : body !== null && typeof body === "object" ? [body] : null;
  if (!events) throw new EventBodyError("body", "must be a JSON array of events, one event object or NDJSON");
  return checked(events);
}

function eventsOfText(text: string): unknown[] {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (!trimmed) throw new EventBodyError("body", "holds no events");
  if (trimmed.startsWith("[")) return checked(asArray(parseWhole(trimmed, "body")));
  const whole = trimmed.startsWith("{") ? tryParse(trimmed) : undefined;
  if (whole !== undefined) return checked([whole]);
  const events: unknown[] = [];
  let line = 0;
  for (const raw of trimmed.split("\n")) {
    line++;
    const t = raw.trim();
    if (!t) continue;
    if (events.length >= detectionLimits.eventsPerRequest) throw tooMany(events.length + 1);
    events.push(parseWhole(t, `line ${line}`));
  }
  return checked(events);
}

function asArray(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new EventBodyError("body", "must be a JSON array of events");
  return value;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function parseWhole(text: string, field: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EventBodyError(field, "is not valid JSON; nothing was read");
  }
}

const tooMany = (n: number) =>
  new EventBodyError("body", `holds ${n} or more events; send at most ${detectionLimits.eventsPerRequest} per request`);

function checked(events: unknown[]): unknown[] {
  if (events.length > detectionLimits.eventsPerRequest) throw tooMany(events.length);
  if (valueTooDeep(events, jsonMaxDepth)) throw new EventBodyError("body", `nests JSON deeper than ${jsonMaxDepth} levels`);
  return events;
}
