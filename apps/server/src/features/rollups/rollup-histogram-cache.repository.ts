import { sql } from "kysely";
import type { RankedDim } from "./rollup-leaf";
import type { Db } from "./rollups.repository";

/**
 * PostgreSQL only: the ranked histograms this server last read, by block, each kept with the
 * row version (xmin) it was read at. A month's dashboard for five tenants reads 5.6 MB of host
 * histograms, which PostgreSQL decompresses and sends as hex for the driver to decode (about 75
 * ms of a 160 ms request on a busy machine); blocks of the past rarely change. Each read still
 * asks the database for every block's current version and fetches the data only of those that
 * changed or are not held, so an answer is as exact as without the cache, on every server.
 * SQLite reads its pages in-process and is not cached.
 */
const MAX_BYTES = 32 * 1024 * 1024;

type Entry = { version: string; dim: RankedDim; data: Uint8Array };
type Held = { entries: Map<string, Entry>; bytes: number };

const caches = new WeakMap<object, Held>();

export type BlockRef = { tenant_id: string; level: number; start: number; dim: RankedDim; version: string };

const keyOf = (r: Omit<BlockRef, "version">) => `${r.tenant_id}|${Number(r.level)}|${Number(r.start)}|${r.dim}`;

/**
 * The histograms of the blocks `versions` lists (block, dim and xmin, read by the caller), from
 * the cache where the version matches, the rest fetched in one query and kept.
 */
export async function cachedHistograms(db: Db, versions: readonly BlockRef[]): Promise<{ dim: RankedDim; data: Uint8Array }[]> {
  let held = caches.get(db);
  if (!held) {
    held = { entries: new Map(), bytes: 0 };
    caches.set(db, held);
  }
  const out: { dim: RankedDim; data: Uint8Array }[] = [];
  const missing: BlockRef[] = [];
  for (const ref of versions) {
    const key = keyOf(ref);
    const entry = held.entries.get(key);
    if (entry && entry.version === ref.version) {
      // Most recently used last: eviction takes from the front.
      held.entries.delete(key);
      held.entries.set(key, entry);
      out.push({ dim: entry.dim, data: entry.data });
    } else missing.push(ref);
  }
  if (missing.length === 0) return out;
  const fetched = await sql<Omit<BlockRef, "version"> & { version: string; data: Uint8Array }>`
    select tenant_id, level, start, dim, xmin::text as version, data from rollup_ranked
    where (tenant_id, level, start, dim) in (${sql.join(missing.map((m) => sql`(${m.tenant_id}, ${Number(m.level)}, ${Number(m.start)}, ${m.dim})`))})`.execute(
    db,
  );
  for (const row of fetched.rows) {
    out.push({ dim: row.dim, data: row.data });
    remember(held, keyOf(row), { version: row.version, dim: row.dim, data: row.data });
  }
  return out;
}

function remember(held: Held, key: string, entry: Entry): void {
  const old = held.entries.get(key);
  if (old) {
    held.entries.delete(key);
    held.bytes -= old.data.byteLength;
  }
  if (entry.data.byteLength > MAX_BYTES / 4) return;
  held.entries.set(key, entry);
  held.bytes += entry.data.byteLength;
  for (const [oldest, value] of held.entries) {
    if (held.bytes <= MAX_BYTES) break;
    held.entries.delete(oldest);
    held.bytes -= value.data.byteLength;
  }
}
