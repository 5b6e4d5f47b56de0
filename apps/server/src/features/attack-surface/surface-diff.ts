import type { ExposedService } from "@watchfloor/shared";

/**
 * What one scan of one address changes in that address's stored services. Times are scan times:
 * a scan older than the newest one already stored of the address adds history (first seen,
 * services it alone saw) but never closes anything, so files imported out of order end the same.
 */

export interface StoredService {
  id: string;
  protocol: string;
  port: number;
  firstSeenAt: number;
  openedAt: number;
  lastSeenAt: number;
  closedAt: number | null;
}

export type ServiceChange =
  /** Never stored: open now, or (an older scan) already closed by the newer scan of the host. */
  | { kind: "insert"; service: ExposedService; closedAt: number | null }
  /** Stored and seen again; the scan's description replaces the stored one when it is the newest. */
  | {
      kind: "seen";
      id: string;
      service: ExposedService;
      firstSeenAt: number;
      openedAt: number;
      lastSeenAt: number;
      closedAt: number | null;
      describe: boolean;
    }
  /** Closed before, open in this (newer) scan: a new open period starts. */
  | { kind: "reopen"; id: string; service: ExposedService }
  /** Open before, not open in this scan of the address: `state` is what nmap said, or "absent". */
  | { kind: "close"; id: string; state: string };

export interface HostDiff {
  changes: ServiceChange[];
  counts: { open: number; new: number; seen: number; closed: number; notOpen: number };
}

export const serviceKey = (s: { protocol: string; port: number }) => `${s.protocol}/${s.port}`;

/** Only "open" is an exposure: closed, filtered and open|filtered (no answer) are not. */
export const isExposed = (s: Pick<ExposedService, "state">) => s.state === "open";

export function diffHostServices(
  stored: readonly StoredService[],
  scanned: readonly ExposedService[],
  at: number,
  hostLastScannedAt: number | null,
): HostDiff {
  const newest = hostLastScannedAt === null || at >= hostLastScannedAt;
  const byKey = new Map(stored.map((s) => [serviceKey(s), s]));
  const open = new Map<string, ExposedService>();
  const otherState = new Map<string, string>();
  for (const s of scanned) {
    if (isExposed(s)) open.set(serviceKey(s), s);
    else otherState.set(serviceKey(s), s.state);
  }
  const counts = { open: open.size, new: 0, seen: 0, closed: 0, notOpen: otherState.size };
  const changes: ServiceChange[] = [];

  for (const [key, service] of open) {
    const row = byKey.get(key);
    if (!row) {
      // Unknown and the host was scanned later without it: it was open then and closed since.
      changes.push({ kind: "insert", service, closedAt: newest ? null : hostLastScannedAt });
      counts[newest ? "new" : "seen"]++;
      continue;
    }
    if (row.closedAt !== null && newest && at > row.closedAt) {
      changes.push({ kind: "reopen", id: row.id, service });
      counts.new++;
      continue;
    }
    counts.seen++;
    const firstSeenAt = Math.min(row.firstSeenAt, at);
    const lastSeenAt = Math.max(row.lastSeenAt, at);
    if (row.closedAt === null) {
      // Open in an older scan too: the open period began no later than that scan.
      changes.push({
        kind: "seen",
        id: row.id,
        service,
        firstSeenAt,
        openedAt: Math.min(row.openedAt, at),
        lastSeenAt,
        closedAt: null,
        describe: at >= row.lastSeenAt,
      });
    } else {
      // An older scan saw a port that is closed now: history only. Seen open after it was found
      // closed means a later scan (the host's newest) is the one that missed it.
      const closedAt = at > row.closedAt ? (hostLastScannedAt ?? row.closedAt) : row.closedAt;
      changes.push({
        kind: "seen",
        id: row.id,
        service,
        firstSeenAt,
        openedAt: row.openedAt,
        lastSeenAt,
        closedAt,
        describe: false,
      });
    }
  }

  if (newest) {
    for (const row of stored) {
      const key = serviceKey(row);
      if (row.closedAt !== null || open.has(key) || row.lastSeenAt >= at) continue;
      changes.push({ kind: "close", id: row.id, state: otherState.get(key) ?? "absent" });
      counts.closed++;
    }
  }
  return { changes, counts };
}

export interface HostTimes {
  firstScannedAt: number;
  lastScannedAt: number;
  previousScannedAt: number | null;
}

/** The address's scan times after one more scan at `at`; `previousScannedAt` is the newest scan before the last. */
export function nextHostTimes(host: HostTimes | null, at: number): HostTimes {
  if (!host) return { firstScannedAt: at, lastScannedAt: at, previousScannedAt: null };
  const firstScannedAt = Math.min(host.firstScannedAt, at);
  if (at > host.lastScannedAt) return { firstScannedAt, lastScannedAt: at, previousScannedAt: host.lastScannedAt };
  if (at === host.lastScannedAt) return { ...host, firstScannedAt };
  return { firstScannedAt, lastScannedAt: host.lastScannedAt, previousScannedAt: Math.max(host.previousScannedAt ?? at, at) };
}

/**
 * New since the previous import: open, opened by the latest scan of its address, and not on the
 * tenant's first scan (everything is "new" to a first scan; it is the baseline instead).
 */
export function isNewService(
  s: { closedAt: number | null; openedAt: number },
  hostLastScannedAt: number,
  tenantFirstScanAt: number | null,
): boolean {
  return s.closedAt === null && s.openedAt === hostLastScannedAt && tenantFirstScanAt !== null && s.openedAt > tenantFirstScanAt;
}
