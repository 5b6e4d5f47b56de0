import type { ComplianceFailingQuery, ComplianceTargetsQuery } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { TenantScope } from "../../http/policy";
import { csvField } from "../../lib/csv";
import { failingControls } from "./compliance-scores.service";
import { listTargets } from "./compliance-views.service";

const line = (cells: (string | number | null | undefined)[]) =>
  `${cells.map((c) => csvField(c == null ? null : String(c))).join(",")}\r\n`;

/** The targets list as CSV: the same filters and order, every target. */
export async function* exportTargetsCsv(ctx: AppContext, scope: TenantScope, query: ComplianceTargetsQuery) {
  yield line([
    "tenant_id",
    "target_kind",
    "target",
    "target_name",
    "pass_rate",
    "pass",
    "fail",
    "error",
    "excepted",
    "failing_critical",
    "failing_high",
    "failing_medium",
    "failing_low",
    "benchmarks",
    "tools",
    "last_assessed",
    "stale",
  ]);
  const { items } = await listTargets(ctx, scope, { ...query, limit: 100_000, offset: 0 });
  for (const t of items)
    yield line([
      t.tenantId,
      t.targetKind,
      t.targetId,
      t.targetName,
      t.tally.passRate,
      t.tally.pass,
      t.tally.fail,
      t.tally.error,
      t.tally.excepted,
      t.failingBySeverity.critical,
      t.failingBySeverity.high,
      t.failingBySeverity.medium,
      t.failingBySeverity.low,
      t.benchmarks.join("; "),
      t.tools.join("; "),
      t.lastScannedAt,
      t.stale ? "yes" : "no",
    ]);
}

/** The failing controls as CSV: the same filters and order, every control. */
export async function* exportFailingCsv(ctx: AppContext, scope: TenantScope, query: ComplianceFailingQuery) {
  yield line(["tool", "control_id", "title", "severity", "failing", "excepted", "targets"]);
  const { items } = await failingControls(ctx, scope, { ...query, limit: 1_000_000, offset: 0 });
  for (const c of items) yield line([c.tool, c.controlId, c.title, c.severity, c.failing, c.excepted, c.targets]);
}
