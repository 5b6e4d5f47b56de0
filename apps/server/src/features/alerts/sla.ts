import { defaultSlaMinutes, type Priority, type SlaState, slaAtRiskShare } from "@watchfloor/shared";
import { minutes } from "../../lib/time";

export interface SlaPolicy {
  ack: number;
  respond: number;
  resolve: number;
}

export function dueTimes(detectedAt: number, policy: SlaPolicy) {
  return {
    ackDueAt: detectedAt + minutes(policy.ack),
    respondDueAt: detectedAt + minutes(policy.respond),
    resolveDueAt: detectedAt + minutes(policy.resolve),
  };
}

/**
 * The state of one SLA step: Met or Missed once done (done on or before due is Met), otherwise
 * Missed after the due time, At risk past 75% of the window, On track before that.
 */
export function slaState(start: number, due: number | null, doneAt: number | null, now: number): SlaState | null {
  if (due == null) return null;
  if (doneAt != null) return doneAt <= due ? "Met" : "Missed";
  if (now > due) return "Missed";
  return now >= start + (due - start) * slaAtRiskShare ? "At risk" : "On track";
}

export function policyFor(priority: Priority, overrides: Map<string, SlaPolicy> | undefined): SlaPolicy {
  return overrides?.get(priority) ?? defaultSlaMinutes[priority];
}
