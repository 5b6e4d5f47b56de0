import { parseCsv } from "../../importers/csv";
import { jsonItems } from "../../importers/json-input";
import { ImportFileError, type ImportSource } from "../../importers/types";
import { asText, isObject, pluck } from "../../importers/values";
import { normaliseHost } from "./drp-hosts";

/**
 * DRP feed readers (docs/drp.md, "Feeds"): lenient in what they read, strict in what they keep.
 * They yield host names or leaked addresses with their line, or a rejected line with why; the
 * import service matches and stores. A leak's password never leaves this module: its columns are
 * read only to say that the leak had one, and a rejected row's text is rebuilt without them.
 */
export type FeedEvent =
  | { kind: "hosts"; row: number; hosts: string[]; detail: string }
  | {
      kind: "leak";
      row: number;
      email: string;
      domain: string;
      source: string | null;
      leakedAt: number | null;
      hadPassword: boolean;
    }
  | { kind: "rejected"; row: number; problems: { field: string; reason: string }[]; raw: string };

const RAW_LIMIT = 2000;
const cut = (text: string) => (text.length > RAW_LIMIT ? `${text.slice(0, RAW_LIMIT)}…` : text);
const COMMENT = /^\s*(#|\/\/|;)/;

/** Newly registered domains: one per line; blank lines and #, // or ; comments ignored; text after the first space or comma ignored. */
export async function* readDomainList(source: ImportSource): AsyncGenerator<FeedEvent> {
  let row = 0;
  for await (const line of source.lines()) {
    row++;
    const text = (row === 1 ? line.replace(/^\uFEFF/, "") : line).trim();
    if (text === "" || COMMENT.test(text)) continue;
    const first = text.split(/[\s,;]+/)[0] ?? "";
    const host = normaliseHost(first);
    if (host) yield { kind: "hosts", row, hosts: [host], detail: first };
    else yield { kind: "rejected", row, problems: [{ field: "domain", reason: "is not a domain name" }], raw: cut(text) };
  }
}

// Where certificate-transparency exports put a certificate's names (crt.sh, certstream, plain lists).
const NAME_PATHS = ["name_value", "common_name", "names", "dns_names", "all_domains", "data.leaf_cert.all_domains", "san"];

/** Certificate transparency: JSON lines or a JSON array of certificates (crt.sh's `name_value`, or `names`/`dns_names` lists). */
export async function* readCertificates(source: ImportSource): AsyncGenerator<FeedEvent> {
  for await (const item of jsonItems(source, ["certificates", "results", "data"])) {
    if (item.error !== undefined) {
      yield { kind: "rejected", row: item.row, problems: [{ field: "line", reason: item.error }], raw: cut(item.text) };
      continue;
    }
    const value = item.value;
    if (!isObject(value)) {
      yield {
        kind: "rejected",
        row: item.row,
        problems: [{ field: "line", reason: "is not a JSON object" }],
        raw: cut(item.text),
      };
      continue;
    }
    const written = NAME_PATHS.flatMap((p) => pluck(value, p))
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .flatMap((v) => (typeof v === "string" ? v.split(/[\n,]+/) : []))
      .map((v) => v.trim())
      .filter((v) => v !== "");
    if (written.length === 0) {
      const reason = "has no names (name_value, common_name, names or dns_names)";
      yield { kind: "rejected", row: item.row, problems: [{ field: "names", reason }], raw: cut(item.text) };
      continue;
    }
    const hosts = [...new Set(written.map(normaliseHost).filter((h): h is string => h !== null))];
    if (hosts.length === 0) {
      const reason = "holds no valid host name";
      yield { kind: "rejected", row: item.row, problems: [{ field: "names", reason }], raw: cut(item.text) };
      continue;
    }
    const issuer = asText(value.issuer_name) ?? asText(pluck(value, "data.leaf_cert.issuer.O")[0]);
    const from = asText(value.not_before) ?? asText(value.entry_timestamp);
    const detail = [issuer ? `issuer ${issuer}` : null, from ? `not before ${from}` : null].filter(Boolean).join(", ");
    yield { kind: "hosts", row: item.row, hosts, detail: cut(detail || "certificate") };
  }
}

const EMAIL_KEYS = ["email", "e-mail", "mail", "email_address", "emailaddress", "username", "user", "login", "account"];
const SOURCE_KEYS = ["source", "breach", "breach_name", "site", "origin", "leak", "name"];
const DATE_KEYS = [
  "date",
  "breach_date",
  "breachdate",
  "leaked_at",
  "leak_date",
  "added",
  "added_date",
  "timestamp",
  "discovered",
  "seen",
];
const LEAK_ROW_NOT_KEPT = "(leaked-credential row not kept: it may hold a password)";
/** Columns that hold a secret: read only to tell that the leak had one, never kept. */
const SECRET_KEYS = /pass|pwd|hash|secret|salt|plain|clear|credential|token/;

const fold = (key: string) =>
  key
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
/**
 * A plain address and nothing more: dumps often write "address:password" or "address/password"
 * in one column, and such a value must be refused, never kept whole.
 */
const EMAIL = /^[a-z0-9._%+-]{1,64}@[a-z0-9.-]{3,253}$/;

/** An epoch in seconds or milliseconds, or a date text Date.parse reads; undefined when absent, NaN when unreadable. */
function readDate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d{9,10}$/.test(value)) return Number(value) * 1000;
  if (/^\d{12,13}$/.test(value)) return Number(value);
  return Date.parse(value);
}

/** One leak record from its fields by folded key: the address, source and date kept, secrets only counted. */
function leakEvent(row: number, fields: Map<string, string | undefined>): FeedEvent {
  const pick = (keys: readonly string[]) =>
    keys
      .map((k) => fields.get(k))
      .find((v) => v !== undefined && v.trim() !== "")
      ?.trim();
  const email = pick(EMAIL_KEYS)?.toLowerCase();
  const source = pick(SOURCE_KEYS) ?? null;
  const dateText = pick(DATE_KEYS);
  const hadPassword = [...fields].some(([k, v]) => SECRET_KEYS.test(k) && v !== undefined && v.trim() !== "");
  // A refused leak row is kept in quarantine without its text: any column may hold a password
  // written where it does not belong (a shifted column, "address:password").
  const raw = LEAK_ROW_NOT_KEPT;
  const problems: { field: string; reason: string }[] = [];
  const host = email && EMAIL.test(email) ? email.slice(email.lastIndexOf("@") + 1) : null;
  const domain = host && normaliseHost(host) === host ? host : null;
  if (!email) problems.push({ field: "email", reason: "is missing" });
  else if (!domain) problems.push({ field: "email", reason: "is not an e-mail address" });
  const leakedAt = readDate(dateText);
  if (leakedAt !== undefined && !Number.isFinite(leakedAt)) problems.push({ field: "date", reason: "is not a date" });
  if (problems.length > 0 || !email || !domain) return { kind: "rejected", row, problems, raw };
  return { kind: "leak", row, email, domain, source, leakedAt: leakedAt ?? null, hadPassword };
}

/** Leaked credentials: CSV with a header (comma, semicolon or tab), JSON lines or a JSON array of objects. */
export async function* readLeaks(source: ImportSource): AsyncGenerator<FeedEvent> {
  let first = "";
  for await (const line of source.lines()) {
    if (line.trim() === "") continue;
    first = line.replace(/^\uFEFF/, "").trim();
    break;
  }
  if (first.startsWith("{") || first.startsWith("[")) {
    for await (const item of jsonItems(source, ["credentials", "leaks", "records", "items", "data"])) {
      if (item.error !== undefined || !isObject(item.value)) {
        // The parser's message quotes the text it stopped at, which may be a password.
        const reason = item.error !== undefined ? "is not valid JSON" : "is not a JSON object";
        // The line may hold a password: only the reason is kept.
        yield {
          kind: "rejected",
          row: item.row,
          problems: [{ field: "line", reason }],
          raw: LEAK_ROW_NOT_KEPT,
        };
        continue;
      }
      const fields = new Map(Object.entries(item.value).map(([k, v]) => [fold(k), asText(v)] as const));
      yield leakEvent(item.row, fields);
    }
    return;
  }
  const delimiter = [",", ";", "\t"].reduce((best, d) => (first.split(d).length > first.split(best).length ? d : best), ",");
  let header: string[] | null = null;
  for await (const record of parseCsv(source.lines(), delimiter)) {
    if (!header) {
      header = record.fields.map(fold);
      if (!header.some((h) => EMAIL_KEYS.includes(h)))
        throw new ImportFileError(
          `the first line is not a header naming an e-mail column (${EMAIL_KEYS.slice(0, 4).join(", ")}…)`,
        );
      continue;
    }
    const columns = header;
    // An unquoted separator inside a password shifts every column after it: refuse the row.
    if (record.fields.length !== columns.length) {
      yield {
        kind: "rejected",
        row: record.line,
        problems: [{ field: "line", reason: `has ${record.fields.length} fields where the header has ${columns.length}` }],
        raw: LEAK_ROW_NOT_KEPT,
      };
      continue;
    }
    yield leakEvent(record.line, new Map(columns.map((h, i) => [h, record.fields[i]] as const)));
  }
}
