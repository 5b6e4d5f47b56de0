import { type EpssMeta, type EpssScore, epssMetaSchema, epssScoreSchema } from "@watchfloor/shared";
import { isoInstant } from "../findings/fields";
import { ImportFileError, type ImportSource, type IntelEvent, type Problem, validated } from "./types";

export type EpssEvent = IntelEvent<EpssScore, EpssMeta>;

/** "#model_version:v2023.03.01,score_date:2025-02-20T00:00:00+0000" to its key/value pairs. */
export function parseEpssComment(line: string): EpssMeta {
  const pairs = new Map<string, string>();
  for (const part of line.replace(/^#/, "").split(",")) {
    const at = part.indexOf(":");
    if (at > 0) pairs.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const meta = { modelVersion: pairs.get("model_version") || undefined, scoreDate: isoInstant(pairs.get("score_date")) };
  const parsed = epssMetaSchema.safeParse(meta);
  if (!parsed.success) throw new ImportFileError(`The EPSS header line is not readable: ${parsed.error.issues[0]?.message}`, 1);
  return parsed.data;
}

/** A probability as FIRST writes it ("0.00383"): a number, or a problem naming the column. */
function probability(text: string | undefined, field: string, problems: Problem[]): number | undefined {
  const n = text === undefined || text.trim() === "" ? Number.NaN : Number(text);
  if (Number.isFinite(n)) return n;
  problems.push({ field, reason: text?.trim() ? `"${text}" is not a number` : "is missing" });
  return undefined;
}

/**
 * FIRST's EPSS daily scores CSV: an optional `#model_version:...,score_date:...` line, the
 * header `cve,epss,percentile`, then one CVE per line (about 250,000 of them). Read line by line
 * at constant memory: the values never hold quotes or commas, so no CSV quoting is needed.
 */
export async function* importEpss(source: ImportSource): AsyncIterable<EpssEvent> {
  let line = 0;
  let columns: string[] | undefined;
  let meta: EpssMeta = {};
  for await (const rawLine of source.lines()) {
    line++;
    const text = (line === 1 ? rawLine.replace(/^\uFEFF/, "") : rawLine).trim();
    if (text === "") continue;
    if (columns === undefined) {
      if (text.startsWith("#")) {
        meta = parseEpssComment(text);
        continue;
      }
      columns = text.split(",").map((c) => c.trim().toLowerCase());
      if (!["cve", "epss", "percentile"].every((c) => columns?.includes(c))) {
        throw new ImportFileError(`Not an EPSS scores file: the header is "${text}", expected cve,epss,percentile`, line);
      }
      yield { kind: "meta", meta };
      continue;
    }
    const fields = text.split(",");
    const at = (name: string) => fields[columns?.indexOf(name) ?? -1];
    const problems: Problem[] = [];
    const epss = probability(at("epss"), "epss", problems);
    const percentile = probability(at("percentile"), "percentile", problems);
    if (problems.length > 0) {
      yield { kind: "rejected", row: line, problems, raw: text };
      continue;
    }
    yield validated(epssScoreSchema, line, { cveId: at("cve")?.trim(), epss, percentile }, text, { cveId: "cve" });
  }
  if (columns === undefined) throw new ImportFileError("Empty EPSS file: no cve,epss,percentile header");
}
