import type { Finding } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { dedupeKeyOf, mergeFinding, newFindingRow, vulnerabilityKey } from "./findings-import.rows";

const day = 86_400_000;
const record = (over: Partial<Finding> = {}): Finding =>
  ({ scanner: "nessus", scannerFindingId: "1001", title: "Thing", severity: "High", cveIds: [], ...over }) as Finding;
const asset = {
  id: "asset-1",
  asset_key: "ASSET-0001",
  name: "web01",
  type: "Server",
  department: null,
  business_impact: null,
  client_environment: null,
};
const row = (over: Partial<Finding> = {}, at = Date.UTC(2026, 0, 1), id = "f-1") =>
  newFindingRow({
    tenantId: "t",
    id,
    record: record(over),
    asset,
    identities: [],
    firstSeen: at,
    seenAt: at,
    now: at,
    slaDays: 30,
    cvss: null,
    intel: { kev: false, epss: null, epssPercentile: null },
  });
const days = (severity: string) => ({ Critical: 7, High: 30, Medium: 90, Low: 180 })[severity] ?? 180;

describe("finding keys", () => {
  it("uses the CVE set (scanner-independent) or the scanner's id, plus port and protocol", () => {
    expect(dedupeKeyOf(record({ cveIds: ["CVE-2021-44228"], port: 8080, protocol: "TCP" }))).toBe("cve:CVE-2021-44228|8080/tcp");
    expect(dedupeKeyOf(record({ scanner: "openvas", scannerFindingId: "x", cveIds: ["CVE-2021-44228"], port: 8080 }))).toBe(
      "cve:CVE-2021-44228|8080/tcp",
    );
    expect(dedupeKeyOf(record())).toBe("nessus:1001|host");
    expect(vulnerabilityKey(record({ cveIds: ["CVE-2020-0002", "CVE-2020-0001"] }))).toBe("cve:CVE-2020-0001,CVE-2020-0002");
    expect(
      vulnerabilityKey(record({ cveIds: ["CVE-2020-0001", "CVE-2020-0002", "CVE-2020-0003", "CVE-2020-0004", "CVE-2020-0005"] })),
    ).toMatch(/^cves:[0-9a-f]{40}$/);
  });
});

describe("merging a finding seen again", () => {
  it("accumulates scanners, keeps first seen and the remediation clock, takes the newer sighting's fields", () => {
    const first = row({}, Date.UTC(2026, 0, 1));
    const later = row({ scanner: "openvas", title: "Thing (newer)" }, Date.UTC(2026, 0, 5), "f-2");
    const { row: merged, reopened } = mergeFinding(first, later, days);
    expect(reopened).toBe(false);
    expect(merged).toMatchObject({
      id: "f-1",
      services: '["nessus","openvas"]',
      first_seen: Date.UTC(2026, 0, 1),
      last_seen: Date.UTC(2026, 0, 5),
      title: "Thing (newer)",
      due_at: Date.UTC(2026, 0, 1) + 30 * day,
    });
    // An older sighting changes only the scanners and first seen.
    const older = mergeFinding(merged, row({ title: "Old" }, Date.UTC(2025, 11, 1), "f-3"), days).row;
    expect(older).toMatchObject({
      title: "Thing (newer)",
      first_seen: Date.UTC(2025, 11, 1),
      last_seen: Date.UTC(2026, 0, 5),
      due_at: Date.UTC(2025, 11, 1) + 30 * day,
    });
  });

  it("reopens a Fixed finding seen after it was closed, with a new clock; an accepted risk stays closed", () => {
    const closed = {
      ...row({}, Date.UTC(2026, 0, 1)),
      status: "Closed",
      close_reason: "Fixed",
      closed_at: Date.UTC(2026, 0, 10),
    };
    const back = mergeFinding(closed, row({}, Date.UTC(2026, 0, 20), "f-2"), days);
    expect(back.reopened).toBe(true);
    expect(back.row).toMatchObject({
      status: "Open",
      close_reason: null,
      closed_at: null,
      due_at: Date.UTC(2026, 0, 20) + 30 * day,
    });
    expect(mergeFinding(closed, row({}, Date.UTC(2026, 0, 5), "f-2"), days).reopened).toBe(false);
    const accepted = { ...closed, close_reason: "Accepted Risk" };
    expect(mergeFinding(accepted, row({}, Date.UTC(2026, 0, 20), "f-2"), days).row).toMatchObject({
      status: "Closed",
      close_reason: "Accepted Risk",
    });
  });

  it("keeps people's fields: assignee and status", () => {
    const assigned = { ...row(), status: "In Progress", assignee: "Priya Raman", assignee_user_id: "u-1" };
    expect(mergeFinding(assigned, row({}, Date.UTC(2026, 0, 3), "f-2"), days).row).toMatchObject({
      status: "In Progress",
      assignee: "Priya Raman",
      assignee_user_id: "u-1",
    });
  });
});
