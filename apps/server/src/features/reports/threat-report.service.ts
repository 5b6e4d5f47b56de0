import { formatCount, isGeolocatable, plural, type ThreatReport, tactics as killChain } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { iso } from "../../lib/time";
import { buildNavigatorLayer } from "../../importers/navigator-layer";
import { findTechniques } from "../attack/attack.repository";
import { attackCoverage } from "../attack/matrix.service";
import { locateAddress } from "../map/geoip";
import { metaOf, type ReportInput } from "./report-params";
import { alertQuery, countFindingAssets, findingQuery, kevCves, sourceAddresses } from "./reports.repository";

const TOP_TECHNIQUES = 25;
const TOP_SOURCES = 10;
/** Distinct source addresses read per report (the most frequent first). */
const ADDRESS_LIMIT = 5000;

type Coverage = Awaited<ReturnType<typeof attackCoverage>>;

export const layerFileName = (input: ReportInput) => `watchfloor-attack-${input.period.fromDay}-to-${input.period.toDay}.json`;

/** The period's ATT&CK Navigator layer: what GET /attack/layer gives for the same window. */
export async function threatLayer(ctx: AppContext, input: ReportInput, coverage?: Coverage) {
  const data =
    coverage ?? (await attackCoverage(ctx, { tenantIds: input.tenantIds, from: input.period.from, to: input.period.to }));
  return buildNavigatorLayer({
    name: `Watchfloor alerts by technique, ${input.period.label}`,
    description: `Alert counts per technique detected ${data.from} to ${data.to} for ${input.subject}; comments list the incidents.`,
    techniques: data.techniques.map((t) => ({ id: t.id, alerts: t.alerts, incidents: t.incidents.map((i) => i.reference) })),
  });
}

/**
 * The threat report: techniques and tactics from the ATT&CK coverage (GET /attack/coverage) for
 * the period and the previous one, source addresses of the period's alerts located with the
 * incident map's offline GeoIP, and the open findings whose CVE CISA lists as exploited (the
 * vulnerable-asset list with KEV only).
 */
export async function threatReport(ctx: AppContext, input: ReportInput): Promise<ThreatReport> {
  const { tenantIds, period } = input;
  const now = ctx.now();
  const current = await attackCoverage(ctx, { tenantIds, from: period.from, to: period.to });
  const previous = await attackCoverage(ctx, { tenantIds, from: period.previous.from, to: period.previous.to });
  const before = new Map(previous.techniques.map((t) => [t.id, t.alerts]));
  const ids = [...new Set([...current.techniques.map((t) => t.id), ...previous.techniques.map((t) => t.id)])];
  const names = new Map((await findTechniques(ctx.db, ids)).reverse().map((t) => [t.technique_id, t.name]));
  const techniques = current.techniques.map((t) => ({
    id: t.id,
    name: names.get(t.id) ?? null,
    current: t.alerts,
    previous: before.get(t.id) ?? 0,
    isNew: !before.has(t.id),
  }));

  const tacticNow = new Map(current.tactics.map((t) => [t.tactic, t.alerts]));
  const tacticBefore = new Map(previous.tactics.map((t) => [t.tactic, t.alerts]));
  const order = [...killChain.map((t) => t.name as string)];
  for (const name of [...tacticNow.keys(), ...tacticBefore.keys()].sort()) if (!order.includes(name)) order.push(name);
  const tacticRows = order
    .map((tactic) => ({ tactic, current: tacticNow.get(tactic) ?? 0, previous: tacticBefore.get(tactic) ?? 0 }))
    .filter((t) => t.current > 0 || t.previous > 0);

  const range = { from: iso(period.from), to: iso(period.to) };
  const addresses = await sourceAddresses(ctx.db, tenantIds, alertQuery(range), now, ADDRESS_LIMIT);
  let publicAlerts = 0;
  let internalAlerts = 0;
  const located: ThreatReport["sources"]["addresses"] = [];
  const countries = new Map<string, { country: string; countryName: string; alerts: number; addresses: number }>();
  for (const a of addresses.rows) {
    if (!isGeolocatable(a.key)) {
      internalAlerts += a.n;
      continue;
    }
    publicAlerts += a.n;
    const origin = locateAddress(a.key);
    located.push({ address: a.key, country: origin?.country ?? null, countryName: origin?.countryName ?? null, alerts: a.n });
    if (origin) {
      const c = countries.get(origin.country) ?? {
        country: origin.country,
        countryName: origin.countryName,
        alerts: 0,
        addresses: 0,
      };
      c.alerts += a.n;
      c.addresses += 1;
      countries.set(origin.country, c);
    }
  }

  const kevQuery = findingQuery({ view: "open", kev: "true" });
  const cves = await kevCves(ctx.db, tenantIds, kevQuery, now);
  const kevTotals = await countFindingAssets(ctx.db, tenantIds, kevQuery, now);
  const layer = await threatLayer(ctx, input, current);
  const report: ThreatReport = {
    meta: metaOf("threat", input),
    summary: [],
    tactics: tacticRows,
    techniqueCount: {
      current: current.techniques.length,
      previous: previous.techniques.length,
      new: techniques.filter((t) => t.isNew).length,
    },
    techniques: techniques.slice(0, TOP_TECHNIQUES),
    newTechniques: techniques.filter((t) => t.isNew).map((t) => ({ id: t.id, name: t.name, current: t.current })),
    sources: {
      addresses: located.slice(0, TOP_SOURCES),
      countries: [...countries.values()]
        .sort((a, b) => b.alerts - a.alerts || a.countryName.localeCompare(b.countryName))
        .slice(0, TOP_SOURCES),
      publicAlerts,
      internalAlerts,
      withoutSource: addresses.without,
      truncated: addresses.truncated,
    },
    cves: {
      items: cves.map((c) => ({
        cveId: c.cveId,
        name: c.name,
        dateAdded: c.dateAdded,
        knownRansomware: c.ransomware,
        epss: c.epss,
        epssPercentile: c.percentile,
        openFindings: c.findings,
        assets: c.assets,
        newInPeriod: c.firstSeen >= period.from && c.firstSeen < period.to,
        requiredAction: c.requiredAction,
      })),
      total: cves.length,
      kevFindings: kevTotals.findings,
    },
    layer: { techniques: layer.techniques.length, fileName: layerFileName(input) },
  };
  report.summary = threatSummary(report);
  return report;
}

function threatSummary(r: ThreatReport): string[] {
  const previousLabel = r.meta.period?.previous.label ?? "the previous period";
  const out: string[] = [];
  const t = r.techniqueCount;
  out.push(
    t.current === 0
      ? `No ATT&CK technique was seen in the period, against ${formatCount(t.previous)} in ${previousLabel}.`
      : `${plural(t.current, "ATT&CK technique")} ${t.current === 1 ? "was" : "were"} seen, against ${formatCount(t.previous)} in ${previousLabel}; ${formatCount(t.new)} ${t.new === 1 ? "is" : "are"} new.`,
  );
  const topTactic = [...r.tactics].sort((a, b) => b.current - a.current)[0];
  if (topTactic && topTactic.current > 0)
    out.push(`The most active tactic was ${topTactic.tactic}, with ${plural(topTactic.current, "alert")}.`);
  const country = r.sources.countries[0];
  if (country)
    out.push(
      `Most alerts from public addresses came from ${country.countryName} (${plural(country.alerts, "alert")} from ${plural(country.addresses, "address", "addresses")}).`,
    );
  out.push(
    r.cves.total === 0
      ? "No open finding carries a CVE from CISA's list of known exploited vulnerabilities (KEV)."
      : `${plural(r.cves.total, "CVE")} known to be exploited (CISA KEV) ${r.cves.total === 1 ? "is" : "are"} open on ${plural(r.cves.kevFindings, "finding")}.`,
  );
  return out;
}
