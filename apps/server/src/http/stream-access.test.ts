import { describe, expect, it } from "vitest";
import { accessKey, apiKeyVerdict, sessionVerdict } from "./stream-access";

const idle = 60_000;
const a = { tenantId: "a", role: "analyst" };
const b = { tenantId: "b", role: "viewer" };
const live = (memberships = [a, b], pending = false) => ({ lastSeenAt: 1_000, expiresAt: 100_000, pending, memberships });

describe("stream access", () => {
  it("compares memberships regardless of order", () => {
    expect(accessKey([a, b])).toBe(accessKey([b, a]));
    expect(accessKey([a])).not.toBe(accessKey([a, b]));
    expect(accessKey([a])).not.toBe(accessKey([{ tenantId: "a", role: "viewer" }]));
  });

  it("lets an unchanged, unexpired session go on", () => {
    expect(sessionVerdict(accessKey([a, b]), live([b, a]), 2_000, idle)).toBeNull();
  });

  it("ends on sign-out, absolute expiry and idle expiry", () => {
    const opened = accessKey([a, b]);
    expect(sessionVerdict(opened, null, 2_000, idle)).toBe("signed_out");
    expect(sessionVerdict(opened, live(), 100_000, idle)).toBe("session_expired");
    expect(sessionVerdict(opened, live(), 1_000 + idle, idle)).toBeNull();
    expect(sessionVerdict(opened, live(), 1_001 + idle, idle)).toBe("session_expired");
  });

  it("ends when the session must first complete a step (a second factor, a new password)", () => {
    expect(sessionVerdict(accessKey([a, b]), live([a, b], true), 2_000, idle)).toBe("step_required");
  });

  it("ends when a membership is removed, added or its role changes", () => {
    const opened = accessKey([a, b]);
    expect(sessionVerdict(opened, live([a]), 2_000, idle)).toBe("access_changed");
    expect(sessionVerdict(opened, live([a, b, { tenantId: "c", role: "owner" }]), 2_000, idle)).toBe("access_changed");
    expect(sessionVerdict(opened, live([a, { tenantId: "b", role: "admin" }]), 2_000, idle)).toBe("access_changed");
  });

  it("ends a key's stream when it is revoked", () => {
    expect(apiKeyVerdict("a", { tenantId: "a" })).toBeNull();
    expect(apiKeyVerdict("a", null)).toBe("key_revoked");
  });
});
