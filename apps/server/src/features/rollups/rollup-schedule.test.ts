import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_SLICE_LEAVES, nextSliceLeaves, RefreshSchedule, SLICE_MS } from "./rollup-schedule";

describe("rollup refresh schedule", () => {
  let runs: { at: number; liveOnly: boolean; force: boolean }[];
  let schedule: RefreshSchedule;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    runs = [];
    // A run that completes settles the marks made before it started.
    schedule = new RefreshSchedule((liveOnly, force) => {
      runs.push({ at: Date.now(), liveOnly, force });
      if (!liveOnly) schedule.settled(Date.now());
    });
  });
  afterEach(() => {
    schedule.cancel();
    vi.useRealTimers();
  });

  it("refreshes live changes half a second after the first, however many follow", () => {
    schedule.poke(true);
    vi.advanceTimersByTime(100);
    schedule.poke(true);
    vi.advanceTimersByTime(400);
    expect(runs).toEqual([{ at: 500, liveOnly: true, force: false }]);
    // The rest of the queue follows once the writes pause.
    vi.advanceTimersByTime(2000);
    expect(runs.at(-1)).toEqual({ at: 2100, liveOnly: false, force: false });
    expect(schedule.pending).toBe(false);
  });

  it("waits for a pause in a burst of older changes, but not longer than a minute", () => {
    for (let t = 0; t < 80_000; t += 500) {
      schedule.poke(false);
      vi.advanceTimersByTime(500);
    }
    expect(runs).toEqual([{ at: 60_000, liveOnly: false, force: true }]);
    vi.advanceTimersByTime(3000);
    expect(runs.map((r) => [r.at, r.force])).toEqual([
      [60_000, true],
      [81_500, false],
    ]);
  });

  it("keeps marks pending when a refresh is interrupted, so the lag limit still holds", () => {
    const interrupted = new RefreshSchedule((liveOnly, force) => runs.push({ at: Date.now(), liveOnly, force }));
    interrupted.poke(false);
    vi.advanceTimersByTime(2000);
    expect(interrupted.pending).toBe(true);
    interrupted.poke(false);
    vi.advanceTimersByTime(2000);
    expect(runs.map((r) => r.at)).toEqual([2000, 4000]);
    interrupted.settled(4000);
    expect(interrupted.pending).toBe(false);
    interrupted.cancel();
  });

  it("does nothing without changes, and nothing after cancel", () => {
    vi.advanceTimersByTime(60_000);
    schedule.poke(false);
    schedule.cancel();
    vi.advanceTimersByTime(60_000);
    expect(runs).toEqual([]);
  });
});

describe("refresh slices", () => {
  it("fit about SLICE_MS at the pace of the last one, growing at most fourfold, within bounds", () => {
    expect(nextSliceLeaves(4, 60)).toBe(1);
    expect(nextSliceLeaves(10, 15)).toBe(10);
    expect(nextSliceLeaves(10, 5)).toBe(30);
    expect(nextSliceLeaves(10, 0.1)).toBe(40);
    expect(nextSliceLeaves(1, 400)).toBe(1);
    expect(nextSliceLeaves(900, 1)).toBe(MAX_SLICE_LEAVES);
    expect(nextSliceLeaves(3, 0)).toBe(12);
    expect(SLICE_MS).toBeLessThan(50);
  });
});
