import type { ExposedService } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { diffHostServices, isNewService, nextHostTimes, type StoredService } from "./surface-diff";

const port = (n: number, state: ExposedService["state"] = "open"): ExposedService => ({
  protocol: "tcp",
  port: n,
  state,
  cpes: [],
});
const stored = (n: number, over: Partial<StoredService> = {}): StoredService => ({
  id: `s${n}`,
  protocol: "tcp",
  port: n,
  firstSeenAt: 100,
  openedAt: 100,
  lastSeenAt: 100,
  closedAt: null,
  ...over,
});
const kinds = (d: ReturnType<typeof diffHostServices>) =>
  d.changes.map((c) => `${c.kind}:${"id" in c ? c.id : (c.service.port ?? "")}`);

describe("diffHostServices", () => {
  it("adds new ports, keeps seen ones and closes what a newer scan no longer finds open", () => {
    const d = diffHostServices(
      [stored(22), stored(443), stored(8080)],
      [port(22), port(443), port(8080, "closed"), port(3389)],
      200,
      100,
    );
    expect(kinds(d)).toEqual(["seen:s22", "seen:s443", "insert:3389", "close:s8080"]);
    expect(d.counts).toEqual({ open: 3, new: 1, seen: 2, closed: 1, notOpen: 1 });
    expect(d.changes.find((c) => c.kind === "close")).toEqual({ kind: "close", id: "s8080", state: "closed" });
    expect(d.changes[0]).toMatchObject({ firstSeenAt: 100, openedAt: 100, lastSeenAt: 200, describe: true });
  });

  it("records a port missing from the scan as absent", () => {
    const d = diffHostServices([stored(22), stored(25)], [port(22)], 200, 100);
    expect(d.changes.at(-1)).toEqual({ kind: "close", id: "s25", state: "absent" });
  });

  it("changes nothing on a re-import of the same scan", () => {
    const after = [stored(22, { lastSeenAt: 200 }), stored(25, { lastSeenAt: 100, closedAt: 200 })];
    const d = diffHostServices(after, [port(22)], 200, 200);
    expect(kinds(d)).toEqual(["seen:s22"]);
    expect(d.counts).toMatchObject({ new: 0, seen: 1, closed: 0 });
  });

  it("reopens a closed port as new", () => {
    const d = diffHostServices([stored(25, { closedAt: 200, lastSeenAt: 100 })], [port(25)], 300, 200);
    expect(kinds(d)).toEqual(["reopen:s25"]);
    expect(d.counts.new).toBe(1);
  });

  it("never closes from an older scan, and keeps what only the older scan saw as history", () => {
    const d = diffHostServices(
      [stored(22, { firstSeenAt: 200, openedAt: 200, lastSeenAt: 300 })],
      [port(22), port(21)],
      150,
      300,
    );
    expect(kinds(d)).toEqual(["seen:s22", "insert:21"]);
    expect(d.changes[0]).toMatchObject({ firstSeenAt: 150, openedAt: 150, lastSeenAt: 300, describe: false });
    expect(d.changes[1]).toMatchObject({ kind: "insert", closedAt: 300 });
    expect(d.counts).toMatchObject({ new: 0, seen: 2, closed: 0 });
  });

  it("ignores filtered and open|filtered ports (no answer is no exposure)", () => {
    const d = diffHostServices([], [port(53, "open|filtered"), port(445, "filtered")], 100, null);
    expect(d.changes).toEqual([]);
    expect(d.counts).toMatchObject({ open: 0, notOpen: 2 });
  });
});

describe("nextHostTimes", () => {
  it("moves the last scan forward and keeps the one before", () => {
    expect(nextHostTimes(null, 100)).toEqual({ firstScannedAt: 100, lastScannedAt: 100, previousScannedAt: null });
    expect(nextHostTimes({ firstScannedAt: 100, lastScannedAt: 100, previousScannedAt: null }, 200)).toEqual({
      firstScannedAt: 100,
      lastScannedAt: 200,
      previousScannedAt: 100,
    });
    expect(nextHostTimes({ firstScannedAt: 100, lastScannedAt: 200, previousScannedAt: 100 }, 200)).toEqual({
      firstScannedAt: 100,
      lastScannedAt: 200,
      previousScannedAt: 100,
    });
    // An older scan imported late: it may be the newest before the last.
    expect(nextHostTimes({ firstScannedAt: 100, lastScannedAt: 300, previousScannedAt: 100 }, 200)).toEqual({
      firstScannedAt: 100,
      lastScannedAt: 300,
      previousScannedAt: 200,
    });
    expect(nextHostTimes({ firstScannedAt: 100, lastScannedAt: 300, previousScannedAt: 100 }, 50)).toEqual({
      firstScannedAt: 50,
      lastScannedAt: 300,
      previousScannedAt: 100,
    });
  });
});

describe("isNewService", () => {
  it("is new when opened by the latest scan of its address, never on the tenant's first scan", () => {
    expect(isNewService({ closedAt: null, openedAt: 200 }, 200, 100)).toBe(true);
    expect(isNewService({ closedAt: null, openedAt: 100 }, 200, 100)).toBe(false);
    expect(isNewService({ closedAt: null, openedAt: 100 }, 100, 100)).toBe(false);
    expect(isNewService({ closedAt: 200, openedAt: 150 }, 200, 100)).toBe(false);
    expect(isNewService({ closedAt: null, openedAt: 200 }, 200, null)).toBe(false);
  });
});
