import { z } from "zod";
import { assetStatuses, type Priority } from "./enums";

/** Finding status: the spec's asset statuses (Open, In Progress, Triaged, Closed). */
export const findingStatuses = assetStatuses;
export const findingStatusSchema = z.enum(findingStatuses);
/** The statuses of a finding still to be fixed (lists' "open" view, SLA clocks, risk). */
export const openFindingStatuses = ["Open", "Triaged", "In Progress"] as const;
export type FindingStatus = z.infer<typeof findingStatusSchema>;

/**
 * Why a finding was closed. "Fixed" is set by the importer only: a newer full scan of the asset
 * by the same scanner no longer reports it. People close with the other three.
 */
export const findingCloseReasons = ["Fixed", "Remediated", "Accepted Risk", "False Positive"] as const;
export const findingCloseReasonSchema = z.enum(findingCloseReasons);
export type FindingCloseReason = z.infer<typeof findingCloseReasonSchema>;
export const manualCloseReasons = [
  "Remediated",
  "Accepted Risk",
  "False Positive",
] as const satisfies readonly FindingCloseReason[];

/**
 * Closed findings that come back in a scan reopen when the close claimed the problem was gone
 * (Fixed, Remediated); a deliberate decision (Accepted Risk, False Positive) stays closed.
 */
export const reopensWhenSeenAgain = (reason: string | null): boolean =>
  reason === null || reason === "Fixed" || reason === "Remediated";

/**
 * The remediation workflow: Open -> Triaged (assessed, owner agreed) -> In Progress (being fixed)
 * -> Closed. Triage may be skipped, any open state may close (with a reason), and a Closed
 * finding reopens to Open. Anything else is refused with the allowed moves.
 */
const findingMoves: Record<FindingStatus, FindingStatus[]> = {
  Open: ["Triaged", "In Progress", "Closed"],
  Triaged: ["In Progress", "Open", "Closed"],
  "In Progress": ["Triaged", "Closed"],
  Closed: ["Open"],
};

export function allowedFindingMoves(from: FindingStatus): FindingStatus[] {
  return findingMoves[from];
}

export type FindingMoveCheck = { ok: true } | { ok: false; field: string; reason: string };

/** Checks one status change; closing needs a reason a person may give (not "Fixed"). */
export function checkFindingMove(from: FindingStatus, to: FindingStatus, closeReason?: string | null): FindingMoveCheck {
  if (from === to) return { ok: false, field: "status", reason: `is already ${from}` };
  if (!findingMoves[from].includes(to)) {
    return { ok: false, field: "status", reason: `cannot move from ${from} to ${to}; allowed: ${findingMoves[from].join(", ")}` };
  }
  if (to === "Closed" && !(manualCloseReasons as readonly string[]).includes(closeReason ?? "")) {
    return { ok: false, field: "closeReason", reason: `is required to close: one of ${manualCloseReasons.join(", ")}` };
  }
  return { ok: true };
}

export const isOpenFinding = (s: FindingStatus): boolean => s !== "Closed";

/** Default remediation SLA in days per severity; a tenant may set its own per severity. */
export const defaultRemediationSlaDays: Record<Priority, number> = { Critical: 7, High: 30, Medium: 90, Low: 180 };

export const remediationSlaDaysSchema = z.number().int().min(1).max(3650);

const dayMs = 86_400_000;

/** Due date of a finding first seen at `firstSeen` (epoch ms) with `days` to remediate. */
export function remediationDueAt(firstSeen: number, days: number): number {
  return firstSeen + days * dayMs;
}
