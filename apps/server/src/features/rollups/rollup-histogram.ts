/**
 * Count histograms of ranked values (rules, hosts, users, assignees) as compact blobs: sorted
 * (key id, count) pairs of little-endian uint32. A month of one tenant's hosts is tens of
 * thousands of values; as table rows that is too many to add up per request, as one blob per
 * block it is a memcpy and a loop.
 */
export type Histogram = Uint32Array;

/** Pairs sorted by id from an id -> count map (zero counts dropped). */
export function encodeHistogram(counts: Map<number, number>): Uint8Array {
  const ids = [...counts.keys()].filter((id) => (counts.get(id) ?? 0) > 0).sort((a, b) => a - b);
  const out = new Uint32Array(ids.length * 2);
  ids.forEach((id, i) => {
    out[2 * i] = id;
    out[2 * i + 1] = counts.get(id) ?? 0;
  });
  return new Uint8Array(out.buffer);
}

/** A view of the pairs (copied when the driver's buffer is not 4-byte aligned). */
export function decodeHistogram(data: Uint8Array): Histogram {
  if (data.byteLength % 8 !== 0) throw new Error(`rollup histogram of ${data.byteLength} bytes is corrupt`);
  if (data.byteOffset % 4 === 0) return new Uint32Array(data.buffer, data.byteOffset, data.byteLength / 4);
  return new Uint32Array(data.slice().buffer);
}

/** The sum of several histograms, still sorted by id (pairwise two-pointer merges). */
export function mergeHistograms(parts: Histogram[]): Uint8Array {
  let merged: Histogram = new Uint32Array(0);
  for (const part of parts) merged = mergeTwo(merged, part);
  // An exactly sized copy: drivers bind the whole buffer of some views.
  return new Uint8Array(merged.slice().buffer);
}

function mergeTwo(a: Histogram, b: Histogram): Histogram {
  if (a.length === 0) return b.slice();
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length) {
    const idA = i < a.length ? (a[i] as number) : Number.POSITIVE_INFINITY;
    const idB = j < b.length ? (b[j] as number) : Number.POSITIVE_INFINITY;
    if (idA <= idB) {
      out[k] = idA;
      out[k + 1] = (a[i + 1] as number) + (idA === idB ? (b[j + 1] as number) : 0);
      i += 2;
      if (idA === idB) j += 2;
    } else {
      out[k] = idB;
      out[k + 1] = b[j + 1] as number;
      j += 2;
    }
    k += 2;
  }
  return out.subarray(0, k);
}

/** Dense per-id counts: adding many histograms into one array is the hot loop of a ranking. */
export class Tally {
  private counts = new Float64Array(1024);

  add(id: number, n: number): void {
    if (id >= this.counts.length) {
      const grown = new Float64Array(Math.max(id + 1, this.counts.length * 2));
      grown.set(this.counts);
      this.counts = grown;
    }
    this.counts[id] = (this.counts[id] ?? 0) + n;
  }

  addHistogram(h: Histogram): void {
    const last = h.length ? (h[h.length - 2] as number) : 0;
    if (last >= this.counts.length) this.add(last, 0);
    const counts = this.counts;
    for (let i = 0; i < h.length; i += 2) {
      const id = h[i] as number;
      counts[id] = (counts[id] as number) + (h[i + 1] as number);
    }
  }

  /**
   * The ids of the `limit` largest counts, split as the SQL ranking would order them (count
   * desc, then value): `above` certainly belong; among `ties` (all with the cut-off count) the
   * `need` values that sort first belong, which only the database can say for its collation.
   */
  top(limit: number): { above: { id: number; n: number }[]; ties: number[]; tieCount: number; need: number } {
    const counts = this.counts;
    // The cut-off: the limit-th largest count, found with a small sorted buffer.
    const best: number[] = [];
    for (let id = 0; id < counts.length; id++) {
      const n = counts[id] as number;
      if (n <= 0) continue;
      if (best.length < limit) {
        best.push(n);
        best.sort((a, b) => b - a);
      } else if (n > (best[limit - 1] as number)) {
        best[limit - 1] = n;
        best.sort((a, b) => b - a);
      }
    }
    if (best.length === 0) return { above: [], ties: [], tieCount: 0, need: 0 };
    const cut = best[best.length - 1] as number;
    const above: { id: number; n: number }[] = [];
    const ties: number[] = [];
    for (let id = 0; id < counts.length; id++) {
      const n = counts[id] as number;
      if (n > cut) above.push({ id, n });
      else if (n === cut) ties.push(id);
    }
    return { above, ties, tieCount: cut, need: Math.min(limit - above.length, ties.length) };
  }
}
