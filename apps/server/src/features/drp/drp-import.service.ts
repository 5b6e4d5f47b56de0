import {
  type DrpAlertScanBody,
  type DrpAlertScanReport,
  type DrpFeed,
  type DrpImportReport,
  domainWatchedKinds,
  type WatchedKind,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Doer } from "../../http/actor";
import { invalid } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope } from "../../http/tenant-scope";
import { ImportFileError, type ImportSource } from "../../importers/types";
import { days, iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { yieldToEventLoop } from "../../lib/yield";
import { recordAudit } from "../audit/audit.repository";
import { ImportTally, malformedFile } from "../imports/import-tally";
import { insertImportRun, lockTenantForImport, saveImportReport } from "../imports/imports.repository";
import { leakConfidence } from "./drp-confidence";
import { type FeedEvent, readCertificates, readDomainList, readLeaks } from "./drp-feeds";
import { readDnsLog, readProxyLog } from "./drp-log-feeds";
import { recentAlertText } from "./drp-findings.repository";
import { storeSightings } from "./drp-findings.service";
import { hostsInText, normaliseHost } from "./drp-hosts";
import { DomainMatcher, type WatchedRef, watchedForAddress } from "./drp-match";
import { SightingSet, TooManyFindings } from "./drp-sightings";
import { listWatched } from "./drp.repository";

/** Most recent alerts one scan reads (docs/drp.md). */
export const ALERT_SCAN_LIMIT = 10_000;
const YIELD_EVERY = 500;

const readers: Record<DrpFeed, (source: ImportSource) => AsyncGenerator<FeedEvent>> = {
  "newly-registered": readDomainList,
  "cert-transparency": readCertificates,
  "leaked-credentials": readLeaks,
  "dns-log": readDnsLog,
  "proxy-log": readProxyLog,
};
const feedNames: Record<DrpFeed, string> = {
  "newly-registered": "the newly registered domains feed",
  "cert-transparency": "the certificate transparency feed",
  "leaked-credentials": "the leaked credentials feed",
  "dns-log": "the DNS log",
  "proxy-log": "the proxy log",
};

async function watchedOf(ctx: AppContext, tenantId: string): Promise<WatchedRef[]> {
  return (await listWatched(ctx.db, [tenantId])).map((w) => ({ id: w.id, kind: w.kind as WatchedKind, value: w.value }));
}

/**
 * Imports one DRP feed file for a tenant in one transaction (docs/drp.md): every line read,
 * matched against the tenant's watched assets (the look-alike lookup built once), rejected lines
 * listed with why and kept in quarantine (leak lines without their secrets), matches stored as
 * findings. A file the reader cannot read at all stores nothing.
 */
export async function importFeed(
  ctx: AppContext,
  tenantId: string,
  source: ImportSource,
  options: { feed: DrpFeed; filename: string | null; doer: Doer },
): Promise<DrpImportReport> {
  const { feed } = options;
  const watched = await watchedOf(ctx, tenantId);
  const matcher = new DomainMatcher(watched);
  const domains = watched.filter((w) => domainWatchedKinds.includes(w.kind));
  if (feed === "leaked-credentials" ? domains.length === 0 : !matcher.watchesAnything)
    throw invalid(
      "tenantId",
      feed === "leaked-credentials"
        ? "watches no domain or e-mail domain yet: add one first, leaked addresses are kept only for them"
        : "watches nothing yet: add a domain or brand first",
    );
  const now = ctx.now();
  const importId = newId();
  const format = `drp-${feed}`;
  const tally = new ImportTally({ tenantId, importId, format, now });
  const seen = new SightingSet();
  let counts = { created: 0, updated: 0, highConfidence: 0 };
  const report = (): DrpImportReport => ({ importId, feed, filename: options.filename, ...counts, ...tally.summary() });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockTenantForImport(trx, tenantId);
      await insertImportRun(trx, {
        id: importId,
        tenantId,
        kind: "drp",
        format,
        filename: options.filename,
        createdBy: options.doer.userId,
        at: now,
      });
      for await (const event of readers[feed](source)) {
        tally.rowsRead++;
        if (tally.rowsRead % YIELD_EVERY === 0) await yieldToEventLoop();
        if (event.kind === "rejected") {
          await tally.reject(trx, event.row, event.problems, event.raw);
        } else if (event.kind === "hosts") {
          let matched = false;
          for (const host of event.hosts) {
            for (const m of matcher.match(host, feed)) {
              matched = true;
              const detail = event.detail && event.detail !== host ? `${host} (${event.detail})` : host;
              seen.add({ ...m, evidence: { source: feed, importId, line: event.row, alertId: null, detail } });
            }
          }
          if (!matched) tally.skip("matches no watched asset");
        } else {
          const owner = watchedForAddress(event.domain, domains);
          if (!owner) {
            tally.skip("address of a domain this tenant does not watch");
            continue;
          }
          const when = event.leakedAt === null ? "date not given" : `leaked ${iso(event.leakedAt).slice(0, 10)}`;
          const detail = `${event.source ?? "source not given"}, ${when}${event.hadPassword ? ", with a password (not stored)" : ""}`;
          seen.add({
            kind: "leaked-credential",
            value: event.email,
            watched: owner,
            techniques: event.hadPassword ? ["password"] : ["address-only"],
            confidence: leakConfidence(event, now),
            evidence: { source: feed, importId, line: event.row, alertId: null, detail },
          });
        }
      }
      tally.finish();
      counts = await storeSightings(trx, tenantId, seen, now, feedNames[feed]);
      await recordAudit(trx, {
        event: "drp.feed_imported",
        at: now,
        tenantId,
        actorUserId: options.doer.userId,
        details: {
          importId,
          feed,
          filename: options.filename,
          rowsRead: tally.rowsRead,
          rejected: tally.rejectedCount,
          ...counts,
        },
      });
      await saveImportReport(trx, importId, report());
    });
  } catch (error) {
    throw malformedFile(error instanceof TooManyFindings ? new ImportFileError(error.message) : error);
  }
  return report();
}

/** The host names an alert carries: its host name field, and those written in its title, description and raw event. */
export function alertHosts(alert: {
  hostname: string | null;
  name: string;
  description: string | null;
  raw: string | null;
}): string[] {
  const hosts = new Set<string>();
  const own = alert.hostname ? normaliseHost(alert.hostname) : null;
  if (own) hosts.add(own);
  for (const text of [alert.name, alert.description, alert.raw]) if (text) for (const h of hostsInText(text)) hosts.add(h);
  return [...hosts];
}

/**
 * Matches the host names of a tenant's recent alerts (the last `days`, at most ALERT_SCAN_LIMIT)
 * against its watched assets: the "scan recent alerts" action of the DRP page.
 */
export async function scanAlerts(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  body: DrpAlertScanBody,
): Promise<DrpAlertScanReport> {
  assertTenantInScope(scope, body.tenantId);
  const watched = await watchedOf(ctx, body.tenantId);
  const matcher = new DomainMatcher(watched);
  if (!matcher.watchesAnything) throw invalid("tenantId", "watches nothing yet: add a domain or brand first");
  const now = ctx.now();
  const alerts = await recentAlertText(ctx.db, body.tenantId, now - days(body.days), ALERT_SCAN_LIMIT);
  const seen = new SightingSet();
  const hostsSeen = new Set<string>();
  for (const [i, alert] of alerts.entries()) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToEventLoop();
    for (const host of alertHosts(alert)) {
      hostsSeen.add(host);
      for (const m of matcher.match(host, "alerts")) {
        const detail = `${host} in alert "${alert.name.slice(0, 200)}"`;
        try {
          seen.add({ ...m, evidence: { source: "alerts", importId: null, line: null, alertId: alert.id, detail } });
        } catch (error) {
          if (error instanceof TooManyFindings) throw invalid("days", `these alerts: ${error.message}`);
          throw error;
        }
      }
    }
  }
  const counts = await ctx.db.transaction().execute(async (trx) => {
    await lockTenantForImport(trx, body.tenantId);
    const stored = await storeSightings(trx, body.tenantId, seen, now, "the tenant's alerts");
    await recordAudit(trx, {
      event: "drp.feed_imported",
      at: now,
      tenantId: body.tenantId,
      actorUserId: doer.userId,
      details: { feed: "alerts", days: body.days, alertsScanned: alerts.length, ...stored },
    });
    return stored;
  });
  return { ...counts, alertsScanned: alerts.length, hostsSeen: hostsSeen.size };
}
