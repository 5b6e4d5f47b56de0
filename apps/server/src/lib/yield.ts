/**
 * Lets the event loop run (timers, sockets: other requests, /healthz) before the caller goes on.
 * better-sqlite3 runs every statement on the main thread and awaiting Kysely only queues
 * microtasks, so long work (an import, a bulk ingest, a rollup refresh) calls this between
 * bounded slices; a transaction stays open across it (docs/architecture.md, "Long work").
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs `step` (which does up to `slice` units of work and says how many it did) until it does
 * fewer, letting the event loop run between steps; returns the units done.
 */
export async function inSlices(step: (slice: number) => Promise<number>, slice: number): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await step(slice);
    done += n;
    if (n < slice) return done;
    await yieldToEventLoop();
  }
}

/**
 * Like inSlices, but each slice is sized from the last one's pace so that it takes about
 * `targetMs` (a commit included: FTS5 writes its pending terms at commit, which made fixed
 * 250-alert slices hold the thread 40-60 ms each during a bulk ingest). Grows at most fourfold
 * at a time; stays between `min` and `max`.
 */
export async function inTimedSlices(
  step: (slice: number) => Promise<number>,
  options: { targetMs: number; min: number; max: number; first: number },
): Promise<number> {
  let done = 0;
  let slice = options.first;
  for (;;) {
    const started = performance.now();
    const n = await step(slice);
    const ms = performance.now() - started;
    done += n;
    if (n < slice) return done;
    const fit = ms > 0 ? Math.floor((n * options.targetMs) / ms) : options.max;
    slice = Math.max(options.min, Math.min(options.max, slice * 4, fit));
    await yieldToEventLoop();
  }
}
