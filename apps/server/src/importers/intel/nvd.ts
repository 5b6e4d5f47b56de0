import { type NvdCve, type NvdPage, nvdCveSchema, nvdPageSchema } from "@watchfloor/shared";
import { isoInstant } from "../findings/fields";
import { parseDocument } from "../json-input";
import { isObject } from "../values";
import { ImportFileError, type ImportSource, type IntelEvent, validated } from "./types";

export type NvdEvent = IntelEvent<NvdCve, NvdPage>;
type Json = Record<string, unknown>;

const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/**
 * The rating to keep from one metrics list (cvssMetricV31, cvssMetricV40, ...): NVD's own
 * ("Primary") when there is one, else the first (a CNA's "Secondary" rating).
 */
function rating(metrics: Json, key: string) {
  const entries = list(metrics[key]);
  const chosen = entries.find((m) => m.type === "Primary") ?? entries[0];
  if (!chosen || !isObject(chosen.cvssData)) return undefined;
  const data = chosen.cvssData;
  // v3 puts baseSeverity beside cvssData, v4 and newer v3 records inside it.
  return {
    version: data.version,
    vector: data.vectorString,
    baseScore: data.baseScore,
    baseSeverity: data.baseSeverity ?? chosen.baseSeverity,
    source: str(chosen.source),
  };
}

/** CWE ids from `weaknesses`, NVD's own first; "NVD-CWE-noinfo" / "NVD-CWE-Other" are no CWE. */
function weaknesses(cve: Json): string[] {
  const all = list(cve.weaknesses).sort((a, b) => Number(b.type === "Primary") - Number(a.type === "Primary"));
  const ids = all.flatMap((w) => list(w.description).map((d) => str(d.value) ?? ""));
  return [...new Set(ids.filter((id) => /^CWE-\d+$/.test(id)))];
}

export function mapNvdCve(cve: Json): unknown {
  const metrics = isObject(cve.metrics) ? cve.metrics : {};
  const english = list(cve.descriptions).find((d) => d.lang === "en");
  return {
    cveId: str(cve.id),
    // NVD writes UTC without a zone ("2023-10-12T19:15:11.747").
    published: isoInstant(cve.published) ?? cve.published,
    lastModified: isoInstant(cve.lastModified) ?? cve.lastModified,
    vulnStatus: str(cve.vulnStatus),
    description: str(english?.value),
    cvssV3: rating(metrics, "cvssMetricV31") ?? rating(metrics, "cvssMetricV30"),
    cvssV4: rating(metrics, "cvssMetricV40"),
    cweIds: weaknesses(cve),
    kev: str(cve.cisaExploitAdd)
      ? {
          dateAdded: str(cve.cisaExploitAdd),
          dueDate: str(cve.cisaActionDue),
          requiredAction: str(cve.cisaRequiredAction),
          name: str(cve.cisaVulnerabilityName),
        }
      : undefined,
  };
}

/**
 * One NVD CVE API 2.0 response page (`/rest/json/cves/2.0`, format NVD_CVE): the page header as
 * meta, then each `vulnerabilities[].cve`. A page holds at most 2,000 CVEs and is read whole.
 */
export async function* importNvd(source: ImportSource): AsyncIterable<NvdEvent> {
  const doc = parseDocument(await source.text());
  if (!isObject(doc) || doc.format !== "NVD_CVE" || !Array.isArray(doc.vulnerabilities)) {
    throw new ImportFileError('Not an NVD CVE API 2.0 response: expected format "NVD_CVE" and a vulnerabilities array');
  }
  const page = nvdPageSchema.safeParse({
    resultsPerPage: doc.resultsPerPage,
    startIndex: doc.startIndex,
    totalResults: doc.totalResults,
    timestamp: isoInstant(doc.timestamp) ?? doc.timestamp,
  });
  if (!page.success) {
    const issue = page.error.issues[0];
    throw new ImportFileError(`Not a valid NVD response page: ${issue?.path.join(".")} ${issue?.message}`);
  }
  yield { kind: "meta", meta: page.data };
  for (const [i, item] of doc.vulnerabilities.entries()) {
    const raw = JSON.stringify(item) ?? "";
    const cve = isObject(item) ? item.cve : undefined;
    if (!isObject(cve)) {
      yield { kind: "rejected", row: i + 1, problems: [{ field: "cve", reason: "is missing or not an object" }], raw };
      continue;
    }
    const names = {
      cveId: "cve.id",
      cvssV3: "cve.metrics.cvssMetricV31",
      cvssV4: "cve.metrics.cvssMetricV40",
      kev: "cve.cisaExploitAdd",
    };
    yield validated(nvdCveSchema, i + 1, mapNvdCve(cve), raw, names);
  }
}
