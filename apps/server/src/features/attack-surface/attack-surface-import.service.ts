import { createHash } from "node:crypto";
import {
  type DiscoveredHost,
  type ExposedService,
  isPublicAddress,
  type NetworkScan,
  type SurfaceImportReport,
  type TlsCertificate,
} from "@watchfloor/shared";
import type { Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { DB, SurfaceServicesTable } from "../../db/tables";
import { importNmap } from "../../importers/nmap";
import type { ImportSource } from "../../importers/types";
import { iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { yieldToEventLoop } from "../../lib/yield";
import type { Doer } from "../../http/actor";
import { ImportTally, malformedFile } from "../imports/import-tally";
import * as repo from "./attack-surface-import.repository";
import { SurfaceAssetResolver, hostAddress } from "./surface-assets";
import { diffHostServices, isExposed, nextHostTimes, serviceKey } from "./surface-diff";
import { insertImportRun, lockTenantForImport } from "../imports/imports.repository";

const HOSTS_PER_SLICE = 50;

const msOrNull = (value: string | null | undefined) => (value ? Date.parse(value) : null);

/** nmap prints a SHA-1 fingerprint; without one a certificate is known by its names and validity. */
export function certificateFingerprint(c: TlsCertificate): string {
  if (c.sha1) return c.sha1;
  const parts = [c.subject, c.issuer, c.notBefore, c.notAfter, ...c.subjectAltNames.map((s) => `${s.type}:${s.value}`)];
  return `digest:${createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 40)}`;
}

const tlsOf = (s: ExposedService) => s.tunnel === "ssl" || Boolean(s.certificate);

/** The columns an nmap scan describes a port with (the newest scan's description wins). */
function described(s: ExposedService) {
  return {
    service_name: s.name ?? null,
    product: s.product ?? null,
    version: s.version ?? null,
    extra_info: s.extraInfo ?? null,
    tunnel: s.tunnel ?? null,
    tls: tlsOf(s) ? 1 : 0,
    cpes: JSON.stringify(s.cpes),
  };
}

interface Run {
  trx: Transaction<DB>;
  tenantId: string;
  importId: string;
  at: number;
  now: number;
}

type Counts = Omit<
  SurfaceImportReport,
  | "importId"
  | "format"
  | "filename"
  | "nmapVersion"
  | "scannedAt"
  | "baseline"
  | "rowsRead"
  | "skipped"
  | "rejected"
  | "rejectedCount"
  | "quarantined"
  | "notQuarantined"
  | "assetsCreated"
  | "assetsMatched"
>;

/**
 * Imports one nmap XML scan into one tenant in a single transaction. nmap writes the run's start
 * before the hosts but its statistics after them, and every host is stored against the run's
 * start: the up hosts are read first (the file itself streams), then stored. A malformed or
 * interrupted file rolls everything back.
 */
export async function importNmapFile(
  ctx: AppContext,
  tenantId: string,
  source: ImportSource,
  options: { filename: string | null; doer: Doer },
): Promise<SurfaceImportReport> {
  const now = ctx.now();
  const importId = newId();
  const tally = new ImportTally({ tenantId, importId, format: "nmap", now });
  const counts: Counts = {
    hosts: 0,
    hostsNew: 0,
    internetFacingHosts: 0,
    services: { open: 0, new: 0, seen: 0, closed: 0, notOpen: 0 },
    certificates: { total: 0, new: 0, seen: 0 },
  };
  let report: SurfaceImportReport | undefined;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockTenantForImport(trx, tenantId);
      await insertImportRun(trx, {
        id: importId,
        tenantId,
        kind: "attack-surface",
        format: "nmap",
        filename: options.filename,
        createdBy: options.doer.userId,
        at: now,
      });
      const hosts: { row: number; host: DiscoveredHost }[] = [];
      let scan: NetworkScan | undefined;
      for await (const event of importNmap(source)) {
        if (event.kind === "scan") {
          scan = event.scan;
          continue;
        }
        tally.rowsRead++;
        if (event.kind === "record") hosts.push(event);
        else if (event.kind === "skipped") tally.skip(event.reason);
        else await tally.reject(trx, event.row, event.problems, event.raw);
      }
      const at = msOrNull(scan?.started) ?? now;
      const baseline = !(await repo.hasScanBefore(trx, tenantId, at));
      await repo.insertSurfaceImport(trx, {
        id: importId,
        tenant_id: tenantId,
        filename: options.filename,
        scanner: "nmap",
        scanner_version: scan?.version ?? null,
        args: scan?.args ?? null,
        scanned_at: at,
        baseline: baseline ? 1 : 0,
        hosts: 0,
        services_open: 0,
        services_new: 0,
        services_seen: 0,
        services_closed: 0,
        certificates: 0,
        rejected: 0,
        created_by: options.doer.userId,
        created_at: now,
      });
      const run: Run = { trx, tenantId, importId, at, now };
      const assets = new SurfaceAssetResolver(trx, tenantId, now);
      for (const [i, { row, host }] of hosts.entries()) {
        // Other requests (and /healthz) get their turn every few hosts; the transaction stays open.
        if (i % HOSTS_PER_SLICE === HOSTS_PER_SLICE - 1) await yieldToEventLoop();
        const address = hostAddress(host);
        if (!address) {
          await tally.reject(
            trx,
            row,
            [{ field: "addresses", reason: "needs an IPv4 or IPv6 address (a MAC address alone cannot be reached)" }],
            JSON.stringify(host),
          );
          continue;
        }
        await storeHost(run, assets, host, address, counts);
      }
      await assets.finish();
      tally.finish();
      const summary = tally.summary();
      report = {
        importId,
        format: "nmap",
        filename: options.filename,
        nmapVersion: scan?.version ?? null,
        scannedAt: iso(at),
        baseline,
        rowsRead: summary.rowsRead,
        skipped: summary.skipped,
        rejected: summary.rejected,
        rejectedCount: summary.rejectedCount,
        quarantined: summary.quarantined,
        notQuarantined: summary.notQuarantined,
        assetsCreated: assets.created,
        assetsMatched: assets.matched,
        ...counts,
      };
      await repo.finishSurfaceImport(
        trx,
        importId,
        {
          hosts: counts.hosts,
          services_open: counts.services.open,
          services_new: counts.services.new,
          services_seen: counts.services.seen,
          services_closed: counts.services.closed,
          certificates: counts.certificates.total,
          rejected: summary.rejectedCount,
        },
        report,
      );
    });
  } catch (error) {
    throw malformedFile(error);
  }
  return report as SurfaceImportReport;
}

/** One scanned address: its asset, its scan times, its ports' open periods, their certificates. */
async function storeHost(
  run: Run,
  assets: SurfaceAssetResolver,
  host: DiscoveredHost,
  address: { address: string; type: string },
  counts: Counts,
): Promise<void> {
  const { trx, tenantId, importId, at, now } = run;
  const isPublic = isPublicAddress(address.address);
  const assetId = await assets.resolve(host, address.address, at, isPublic);
  if (isPublic) await repo.markInternetFacing(trx, tenantId, assetId, now);
  const hostnames = host.hostnames.map((h) => h.name.toLowerCase());
  const known = await repo.findHost(trx, tenantId, address.address);
  const times = nextHostTimes(
    known
      ? {
          firstScannedAt: known.first_scanned_at,
          lastScannedAt: known.last_scanned_at,
          previousScannedAt: known.previous_scanned_at,
        }
      : null,
    at,
  );
  const newest = !known || at >= known.last_scanned_at;
  const hostId = known?.id ?? newId();
  const timeColumns = {
    first_scanned_at: times.firstScannedAt,
    last_scanned_at: times.lastScannedAt,
    previous_scanned_at: times.previousScannedAt,
  };
  if (!known) {
    await repo.insertHost(trx, {
      id: hostId,
      tenant_id: tenantId,
      asset_id: assetId,
      address: address.address,
      address_type: address.type,
      public: isPublic ? 1 : 0,
      hostnames: JSON.stringify(hostnames),
      os: host.os?.name ?? null,
      ...timeColumns,
      last_import_id: importId,
    });
    counts.hostsNew++;
  } else {
    // A scan run with -n has no host names: it does not forget the ones an earlier scan resolved.
    const names = hostnames.length > 0 ? JSON.stringify(hostnames) : known.hostnames;
    const latest = newest ? { asset_id: assetId, hostnames: names, os: host.os?.name ?? known.os, last_import_id: importId } : {};
    await repo.updateHost(trx, tenantId, hostId, { ...timeColumns, ...latest });
  }
  counts.hosts++;
  if (isPublic) counts.internetFacingHosts++;

  const stored = known ? await repo.servicesOfHost(trx, tenantId, hostId) : [];
  const diff = diffHostServices(
    stored.map((s) => ({
      id: s.id,
      protocol: s.protocol,
      port: s.port,
      firstSeenAt: s.first_seen_at,
      openedAt: s.opened_at,
      lastSeenAt: s.last_seen_at,
      closedAt: s.closed_at,
    })),
    host.services,
    at,
    known?.last_scanned_at ?? null,
  );
  for (const key of ["open", "new", "seen", "closed", "notOpen"] as const) counts.services[key] += diff.counts[key];
  const hostname = hostnames[0] ?? null;
  const storedById = new Map(stored.map((s) => [s.id, s]));
  const serviceIds = new Map<string, { id: string; current: boolean; certificateId?: string | null }>();
  for (const change of diff.changes) {
    if (change.kind === "insert") {
      const id = newId();
      const row: SurfaceServicesTable = {
        id,
        tenant_id: tenantId,
        asset_id: assetId,
        host_id: hostId,
        address: address.address,
        protocol: change.service.protocol,
        port: change.service.port,
        state: change.closedAt === null ? "open" : "absent",
        hostname,
        ...described(change.service),
        certificate_id: null,
        first_seen_import_id: importId,
        first_seen_at: at,
        opened_at: at,
        last_seen_import_id: importId,
        last_seen_at: at,
        closed_at: change.closedAt,
        closed_import_id: null,
        updated_at: now,
      };
      await repo.insertService(trx, row);
      serviceIds.set(serviceKey(change.service), { id, current: true });
    } else if (change.kind === "reopen") {
      await repo.updateService(trx, tenantId, change.id, {
        state: "open",
        opened_at: at,
        closed_at: null,
        closed_import_id: null,
        last_seen_at: at,
        last_seen_import_id: importId,
        asset_id: assetId,
        hostname,
        ...described(change.service),
        updated_at: now,
      });
      serviceIds.set(serviceKey(change.service), { id: change.id, current: true });
    } else if (change.kind === "seen") {
      const row = storedById.get(change.id);
      const times = {
        first_seen_at: change.firstSeenAt,
        opened_at: change.openedAt,
        last_seen_at: change.lastSeenAt,
        closed_at: change.closedAt,
      };
      const latest = change.describe ? { ...described(change.service), asset_id: assetId, hostname } : {};
      // The same scan imported again changes nothing: leave the row (and which import saw it) alone.
      const same = row && Object.entries({ ...times, ...latest }).every(([k, v]) => row[k as keyof typeof row] === v);
      if (!same) {
        const ids = {
          ...(change.firstSeenAt === at ? { first_seen_import_id: importId } : {}),
          ...(change.describe ? { last_seen_import_id: importId } : {}),
        };
        await repo.updateService(trx, tenantId, change.id, { ...times, ...latest, ...ids, updated_at: now });
      }
      serviceIds.set(serviceKey(change.service), {
        id: change.id,
        current: change.describe,
        certificateId: row?.certificate_id ?? null,
      });
    } else {
      await repo.updateService(trx, tenantId, change.id, {
        state: change.state,
        closed_at: at,
        closed_import_id: importId,
        updated_at: now,
      });
    }
  }
  for (const service of host.services.filter(isExposed)) {
    const target = serviceIds.get(serviceKey(service));
    if (service.certificate && target) await storeCertificate(run, assetId, target, service.certificate, counts);
  }
}

async function storeCertificate(
  run: Run,
  assetId: string,
  service: { id: string; current: boolean; certificateId?: string | null },
  c: TlsCertificate,
  counts: Counts,
): Promise<void> {
  const { trx, tenantId, importId, at, now } = run;
  const saved = await repo.upsertCertificate(trx, {
    id: newId(),
    tenant_id: tenantId,
    asset_id: assetId,
    service_id: service.id,
    fingerprint: certificateFingerprint(c),
    subject_cn: c.subjectCn ?? null,
    subject: c.subject ?? null,
    subject_alt_names: JSON.stringify(c.subjectAltNames),
    issuer_cn: c.issuerCn ?? null,
    issuer: c.issuer ?? null,
    not_before: msOrNull(c.notBefore),
    not_after: msOrNull(c.notAfter),
    signature_algorithm: c.signatureAlgorithm ?? null,
    public_key_type: c.publicKeyType ?? null,
    public_key_bits: c.publicKeyBits ?? null,
    sha1: c.sha1 ?? null,
    first_seen_import_id: importId,
    first_seen_at: at,
    last_seen_import_id: importId,
    last_seen_at: at,
  });
  counts.certificates.total++;
  counts.certificates[saved.created ? "new" : "seen"]++;
  // The newest scan of the port says which certificate it presents now.
  if (service.current && service.certificateId !== saved.id)
    await repo.updateService(trx, tenantId, service.id, { certificate_id: saved.id, updated_at: now });
}
