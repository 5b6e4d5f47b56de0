import { lockoutPolicy } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { minutes } from "../../lib/time";
import { afterFailure, cleared, isLocked, type LockoutState } from "./lockout";

describe("sign-in lockout", () => {
  it("locks after the configured number of failures inside the window", () => {
    let state: LockoutState = cleared;
    const start = 1_000_000;
    for (let i = 1; i < lockoutPolicy.maxFailures; i++) {
      const next = afterFailure(state, start + i);
      expect(next.lockedNow).toBe(false);
      state = next;
    }
    const last = afterFailure(state, start + 100);
    expect(last.lockedNow).toBe(true);
    expect(isLocked(last, start + 101)).toBe(true);
    expect(isLocked(last, start + 100 + minutes(lockoutPolicy.lockMinutes) + 1)).toBe(false);
  });

  it("starts a new count when earlier failures are outside the window", () => {
    const old = { failedSignIns: lockoutPolicy.maxFailures - 1, firstFailedAt: 0, lockedUntil: null };
    const next = afterFailure(old, minutes(lockoutPolicy.windowMinutes) + 1);
    expect(next.lockedNow).toBe(false);
    expect(next.failedSignIns).toBe(1);
  });
});
