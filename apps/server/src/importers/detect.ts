import type { AlertImportFormat } from "@watchfloor/shared";
import { foldKey, sampleFields } from "./sample-fields";
import { isObject, pluck } from "./values";

/** Sample keys that no other format uses; two of them (or priority + assignee) mark the spec's shape. */
const sampleMarkers = [
  "ackslastatus",
  "respslastatus",
  "mitreattackid",
  "resoltype",
  "escalatedtoincident",
  "dueby",
  "avgresponsemin",
  "clientenvironment",
  "assignee",
];

function looksLikeSample(keys: string[]): boolean {
  const folded = keys.map(foldKey);
  const markers = folded.filter((k) => sampleMarkers.includes(k)).length;
  const known = folded.filter((k) => k in sampleFields).length;
  return (
    markers >= 2 || (folded.includes("priority") && folded.includes("assignee")) || (known >= 4 && known >= folded.length / 2)
  );
}

function formatOfObject(o: Record<string, unknown>): AlertImportFormat | null {
  if (typeof o.class_uid === "number") return "ocsf";
  if (pluck(o, "rule.level").length > 0) return "wazuh";
  if (typeof o.event_type === "string") return "suricata-eve";
  if ("@timestamp" in o && pluck(o, "event.kind").length > 0) return "ecs";
  if ("sourceRef" in o || "tlp" in o) return "thehive";
  if ("note" in o && "ts" in o) return "zeek-json";
  if (looksLikeSample(Object.keys(o))) return "sample-json";
  return null;
}

/** The first JSON object in the head: the first line, the whole head, or the first array element. */
function firstObject(head: string): Record<string, unknown> | undefined {
  const candidates = [head.split("\n", 1)[0] ?? "", head];
  for (const text of candidates) {
    try {
      const value: unknown = JSON.parse(text);
      const first = Array.isArray(value) ? value[0] : value;
      if (isObject(first)) {
        const wrapped = ["alerts", "incidents", "findings", "data"].map((k) => first[k]).find(Array.isArray);
        return isObject(wrapped?.[0]) ? wrapped[0] : first;
      }
    } catch {
      // truncated head: fall back to key sniffing below
    }
  }
  return undefined;
}

/** Key sniffing for a JSON head cut off mid-document (a big array or a pretty-printed object). */
function formatOfText(head: string): AlertImportFormat | null {
  const has = (key: string) => new RegExp(`"${key}"\\s*:`).test(head);
  if (has("class_uid")) return "ocsf";
  if (/"rule"\s*:\s*\{[^{}]*"level"\s*:/.test(head)) return "wazuh";
  if (has("event_type")) return "suricata-eve";
  if (has("@timestamp") && (has("kind") || has("event.kind"))) return "ecs";
  if (has("sourceRef") || has("tlp")) return "thehive";
  if (has("note") && has("ts")) return "zeek-json";
  const keys = [...head.matchAll(/"([A-Za-z_]+)"\s*:/g)].map((m) => m[1] ?? "");
  return looksLikeSample(keys) ? "sample-json" : null;
}

/**
 * Guesses the format from the first few KB of a file. The name is accepted for callers but not
 * trusted: a ".csv" that is not the sample shape (e.g. the Windows events index) must not be
 * read as alerts. Returns null when nothing matches: the caller asks the user to pick a format.
 */
export function detectAlertFormat(head: string, _filename?: string): AlertImportFormat | null {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("#separator") || /^#fields\t/m.test(text)) return "zeek-tsv";
  if (text.startsWith("{") || text.startsWith("[")) {
    const object = firstObject(text);
    return object ? formatOfObject(object) : formatOfText(text);
  }
  const header = text.split(/\r?\n/, 1)[0] ?? "";
  const columns = header.split(",").map((c) => c.trim().replace(/^"|"$/g, ""));
  if (columns.length > 1 && looksLikeSample(columns)) return "sample-csv";
  return null;
}
