import type { DrpEvidence, DrpSource, DrpWatchedMatch } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { days } from "../../lib/time";
import { yieldToEventLoop } from "../../lib/yield";
import { recordAudit } from "../audit/audit.repository";
import { lockTenantForImport } from "../imports/imports.repository";
import { knownDomainFindings, recentAlertText } from "./drp-findings.repository";
import { storeSightings } from "./drp-findings.service";
import { normaliseHost, registrableOf } from "./drp-hosts";
import { ALERT_SCAN_LIMIT, alertHosts } from "./drp-import.service";
import { DomainMatcher, type WatchedRef } from "./drp-match";
import { SightingSet, TooManyFindings, watchedKeyOf } from "./drp-sightings";

/** Days of alerts the pass reads: the page's "Scan recent alerts" default. */
export const ADDED_SCAN_DAYS = 30;
/** Most findings whose domains the pass reads again (most recently seen first). */
export const KNOWN_FINDINGS_LIMIT = 50_000;
const YIELD_EVERY = 500;

const inUse = (source: DrpSource) => source === "cert-transparency" || source === "alerts";
const parse = (text: string): DrpEvidence | null => {
  try {
    return JSON.parse(text) as DrpEvidence;
  } catch {
    return null;
  }
};

/**
 * The host names the tenant's findings were seen as, each with the evidence that showed it (one
 * that shows the domain in use wins). An evidence's detail starts with the host as seen
 * (`login.exarnple.com (…)`, `exarnple.com in alert "…"`); when it does not, the finding's domain stands.
 */
function knownHosts(rows: Awaited<ReturnType<typeof knownDomainFindings>>, skipKey: string): Map<string, DrpEvidence> {
  const hosts = new Map<string, DrpEvidence>();
  for (const row of rows) {
    // The asset's own findings (it was removed and added again) are not seen again by reading them.
    if (row.watched_key === skipKey) continue;
    for (const evidence of [parse(row.first_evidence), parse(row.last_evidence)]) {
      if (!evidence) continue;
      const written = normaliseHost(evidence.detail.split(" ")[0] ?? "");
      const host = written && registrableOf(written) === row.value ? written : row.value;
      const had = hosts.get(host);
      if (!had || (!inUse(had.source) && inUse(evidence.source))) hosts.set(host, evidence);
    }
  }
  return hosts;
}

/**
 * The matching pass run when a watched asset is added (docs/drp.md, "Matching"), after the add
 * has committed: the domains earlier imports and scans showed (raw feed lines are not kept; the
 * hosts of the tenant's findings are) and the hosts of the last 30 days of alerts (at most
 * ALERT_SCAN_LIMIT, the same bounded read as the alert scan), matched against the new asset
 * alone. Stored as every other sighting (a finding seen again moves its last seen), in one short
 * transaction, and audited with the add.
 */
export async function matchAddedAsset(
  ctx: AppContext,
  tenantId: string,
  added: WatchedRef,
  tenantWatched: readonly WatchedRef[],
  actorUserId: string | null,
): Promise<DrpWatchedMatch> {
  const matcher = new DomainMatcher(tenantWatched, added.id);
  const now = ctx.now();
  const result: DrpWatchedMatch = { created: 0, updated: 0, highConfidence: 0, knownHosts: 0, alertsScanned: 0, refused: null };
  const seen = new SightingSet();
  const note = `matched when ${added.kind} "${added.value}" was added`;
  if (matcher.watchesAnything) {
    try {
      const hosts = knownHosts(await knownDomainFindings(ctx.db, tenantId, KNOWN_FINDINGS_LIMIT), watchedKeyOf(added));
      result.knownHosts = hosts.size;
      let i = 0;
      for (const [host, evidence] of hosts) {
        if (++i % YIELD_EVERY === 0) await yieldToEventLoop();
        for (const m of matcher.match(host, evidence.source))
          seen.add({ ...m, evidence: { ...evidence, detail: `${evidence.detail.slice(0, 400)}; ${note}` } });
      }
      const alerts = await recentAlertText(ctx.db, tenantId, now - days(ADDED_SCAN_DAYS), ALERT_SCAN_LIMIT);
      result.alertsScanned = alerts.length;
      for (const [j, alert] of alerts.entries()) {
        if (j > 0 && j % YIELD_EVERY === 0) await yieldToEventLoop();
        for (const host of alertHosts(alert))
          for (const m of matcher.match(host, "alerts")) {
            const detail = `${host} in alert "${alert.name.slice(0, 200)}"; ${note}`;
            seen.add({ ...m, evidence: { source: "alerts", importId: null, line: null, alertId: alert.id, detail } });
          }
      }
    } catch (error) {
      if (!(error instanceof TooManyFindings)) throw error;
      // The asset stays watched; nothing of the pass is stored (a name this common matches noise).
      result.refused = `the known domains and recent alerts: ${error.message}`;
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    await lockTenantForImport(trx, tenantId);
    const stored = result.refused
      ? null
      : await storeSightings(trx, tenantId, seen, now, `matching the new watched ${added.kind}`);
    if (stored) Object.assign(result, stored);
    await recordAudit(trx, {
      event: "drp.watched_asset_added",
      at: now,
      tenantId,
      actorUserId,
      details: { watchedId: added.id, kind: added.kind, value: added.value, ...result },
    });
  });
  return result;
}
