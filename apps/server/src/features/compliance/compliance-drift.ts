import type { ComplianceDriftItem, ComplianceResult, ComplianceSeverity } from "@watchfloor/shared";

export interface DriftInput {
  controlId: string;
  resourceId: string | null;
  title: string;
  severity: ComplianceSeverity;
  result: ComplianceResult;
}

export interface Drift {
  newlyFailing: ComplianceDriftItem[];
  fixed: ComplianceDriftItem[];
  stillFailing: ComplianceDriftItem[];
}

const keyOf = (r: DriftInput) => JSON.stringify([r.controlId, r.resourceId ?? ""]);
/** What counts as resolved: the control passes, or no longer applies. Error, manual and not-checked say nothing. */
const resolved = new Set<ComplianceResult>(["pass", "not_applicable"]);

/**
 * Compares two scans of the same tool, target and benchmark, result by result (control and
 * resource). Newly failing: fails now, did not fail before (or was not there). Still failing:
 * failed then and now. Fixed: failed before and now passes, no longer applies, or is gone
 * (a deleted resource, a control dropped from the policy). Items keep the newer title and
 * severity, sorted by control and resource.
 */
export function complianceDrift(previous: readonly DriftInput[], current: readonly DriftInput[]): Drift {
  const before = new Map(previous.map((r) => [keyOf(r), r]));
  const now = new Map(current.map((r) => [keyOf(r), r]));
  const drift: Drift = { newlyFailing: [], fixed: [], stillFailing: [] };
  const item = (r: DriftInput, b: DriftInput | undefined, a: DriftInput | undefined): ComplianceDriftItem => ({
    controlId: r.controlId,
    resourceId: r.resourceId,
    title: r.title,
    severity: r.severity,
    before: b?.result ?? null,
    after: a?.result ?? null,
  });
  for (const [key, a] of now) {
    const b = before.get(key);
    if (a.result === "fail") (b?.result === "fail" ? drift.stillFailing : drift.newlyFailing).push(item(a, b, a));
    else if (b?.result === "fail" && resolved.has(a.result)) drift.fixed.push(item(a, b, a));
  }
  for (const [key, b] of before) if (b.result === "fail" && !now.has(key)) drift.fixed.push(item(b, b, undefined));
  const order = (x: ComplianceDriftItem, y: ComplianceDriftItem) =>
    x.controlId.localeCompare(y.controlId) || (x.resourceId ?? "").localeCompare(y.resourceId ?? "");
  drift.newlyFailing.sort(order);
  drift.fixed.sort(order);
  drift.stillFailing.sort(order);
  return drift;
}
