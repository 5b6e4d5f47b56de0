import { type FindingStatus, isOpenFinding } from "@watchfloor/shared";

/**
 * Overdue: still open and past its remediation due date. The list filter, the asset figures and
 * the overdue notifier say the same in SQL (status not Closed and due_at < now).
 */
export function isOverdue(finding: { status: string; due_at: number | null }, now: number): boolean {
  return finding.due_at != null && finding.due_at < now && isOpenFinding(finding.status as FindingStatus);
}
