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
