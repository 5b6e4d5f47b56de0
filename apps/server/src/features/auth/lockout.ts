import { lockoutPolicy } from "@watchfloor/shared";
import { minutes } from "../../lib/time";

export interface LockoutState {
  failedSignIns: number;
  firstFailedAt: number | null;
  lockedUntil: number | null;
}

export const isLocked = (state: LockoutState, now: number): boolean => state.lockedUntil != null && state.lockedUntil > now;

/** The state after one more failed sign-in; failures older than the window start a new count. */
export function afterFailure(state: LockoutState, now: number): LockoutState & { lockedNow: boolean } {
  const windowOpen = state.firstFailedAt != null && now - state.firstFailedAt < minutes(lockoutPolicy.windowMinutes);
  const failedSignIns = windowOpen ? state.failedSignIns + 1 : 1;
  const firstFailedAt = windowOpen ? state.firstFailedAt : now;
  if (failedSignIns >= lockoutPolicy.maxFailures) {
    return { failedSignIns: 0, firstFailedAt: null, lockedUntil: now + minutes(lockoutPolicy.lockMinutes), lockedNow: true };
  }
  return { failedSignIns, firstFailedAt, lockedUntil: state.lockedUntil, lockedNow: false };
}

export const cleared: LockoutState = { failedSignIns: 0, firstFailedAt: null, lockedUntil: null };
