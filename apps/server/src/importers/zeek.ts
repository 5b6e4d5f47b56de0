import type { Priority } from "@watchfloor/shared";
import type { RowReport } from "./emit";
import { jsonImporter, type Mapped } from "./json-importer";
import { asText, firstText, isoFromEpoch, isoWithOffset, type Read } from "./values";

/**
 * Zeek notices carry no severity, so the priority comes from the notice type. Exact names first,
 * then the namespace before "::"; anything else is Medium.
 */
const notePriorities: Record<string, Priority> = {
  "SSH::Password_Guessing": "High",
  "Intel::Notice": "High",
  "Software::Vulnerable_Version": "High",
  "Heartbleed::SSL_Heartbeat_Attack_Success": "Critical",
  "SSL::Invalid_Server_Cert": "Low",
  "SSL::Certificate_Expired": "Low",
  "SSL::Certificate_Expires_Soon": "Low",
  "Scan::": "Medium",
  "Weird::": "Low",
  "Conn::": "Low",
};

export function zeekPriority(note: string | undefined): Priority {
  if (note === undefined) return "Medium";
  return notePriorities[note] ?? notePriorities[`${note.split("::")[0]}::`] ?? "Medium";
}

/** `ts` as epoch seconds (the default) or ISO-8601 (`LogAscii::json_timestamps = JSON::TS_ISO8601`). */
function zeekTime(ts: unknown): Read<string> {
  return typeof ts === "string" && ts.includes("-") ? isoWithOffset(ts) : isoFromEpoch(ts, "s");
}

/**
 * One notice.log record (JSON log keys, or TSV columns already read into the same keys).
 * sourceId = uid when the notice has a connection, else ts:note:src (ts as written in the file).
 */
export function mapZeek(notice: Record<string, unknown>, report: RowReport): Mapped {
  const note = asText(notice.note);
  const ts = asText(notice.ts);
  const src = firstText(notice, "src", "id.orig_h");
  return {
    source: "zeek",
    sourceId: asText(notice.uid) ?? `${ts ?? ""}:${note ?? ""}:${src ?? ""}`,
    name: asText(notice.msg) ?? note ?? "",
    rule: note,
    type: note?.split("::")[0],
    priority: zeekPriority(note),
    status: "Open",
    detectedAt: report.date(zeekTime(notice.ts), "detectedAt", notice.ts),
    srcIp: src,
    dstIp: firstText(notice, "dst", "id.resp_h"),
    description: asText(notice.sub),
    detectionSource: "Zeek",
    sourceTool: "Zeek",
    sourceTools: ["Zeek"],
  };
}

/** Zeek notice.log written with `LogAscii::use_json = T` (one JSON object per line). */
export const importZeekJson = jsonImporter(mapZeek);
