import { unitOf } from "./rollup-units";

/**
 * Per priority and for the service report (migration 0035): SLA met and missed as of the leaf's
 * refresh, acknowledgement and resolution times, and how closed alerts were closed. Summed the
 * same way in the rollups and the direct counts (rollup-window.ts figureColumns).
 */
export const reportColumns = [
  "alerts_medium",
  "alerts_low",
  "ack_met_critical",
  "ack_missed_critical",
  "respond_met_critical",
  "respond_missed_critical",
  "mtta_sum_critical",
  "mtta_n_critical",
  "mttr_sum_critical",
  "mttr_n_critical",
  "ack_met_high",
  "ack_missed_high",
  "respond_met_high",
  "respond_missed_high",
  "mtta_sum_high",
  "mtta_n_high",
  "mttr_sum_high",
  "mttr_n_high",
  "ack_met_medium",
  "ack_missed_medium",
  "respond_met_medium",
  "respond_missed_medium",
  "mtta_sum_medium",
  "mtta_n_medium",
  "mttr_sum_medium",
  "mttr_n_medium",
  "ack_met_low",
  "ack_missed_low",
  "respond_met_low",
  "respond_missed_low",
  "mtta_sum_low",
  "mtta_n_low",
  "mttr_sum_low",
  "mttr_n_low",
  "both_missed",
  "resolved_manual",
  "closed_unescalated",
] as const;

/**
 * What one leaf (tenant x quarter hour) counts, computed from its alerts. The definitions are
 * those of the security overview (docs/dashboard.md): open = Open, Acknowledged or In Progress;
 * an SLA step is Met when done by its due time, Missed when done late ("late") or not done and
 * overdue ("pending"). "Overdue" depends on the clock, so a leaf counts the pending steps due
 * before `asof` and keeps `next_due`, the earliest later due time: its counts stay exact until
 * the clock passes next_due, when the leaf is refreshed (rollup-refresh.ts).
 */
export const totalColumns = [
  "alerts",
  "crit",
  "high",
  "open",
  "open_critical",
  "open_high",
  "open_medium",
  "open_low",
  "mtta_sum",
  "mtta_n",
  "mttr_sum",
  "mttr_n",
  "ack_met",
  "ack_late",
  "ack_pending",
  "respond_met",
  "respond_late",
  "respond_pending",
  "escalated",
  "resolved",
  "resolved_auto",
  "breached_late",
  "breached_pending",
  ...reportColumns,
] as const;
export type TotalColumn = (typeof totalColumns)[number];
export type Totals = Record<TotalColumn, number>;

/**
 * Ranked dimensions: coalesce(rule, name); hostname and username (not empty); assignee of open
 * alerts ("" = unassigned); the detection source ("" = not recorded; migration 0035).
 */
export const rankedDims = ["rule", "host", "user", "assignee", "source"] as const;
export type RankedDim = (typeof rankedDims)[number];

export interface LeafSourceRow {
  tenant_id: string;
  detected_at: number;
  priority: string;
  status: string;
  assignee: string | null;
  rule: string | null;
  name: string;
  hostname: string | null;
  username: string | null;
  incident_id: string | null;
  resolution_type: string | null;
  acknowledged_at: number | null;
  responded_at: number | null;
  resolved_at: number | null;
  ack_due_at: number | null;
  respond_due_at: number | null;
  /** The data source (rollup-sources.ts). */
  source: string;
  source_tool: string | null;
  detection_source: string | null;
}

export interface Leaf {
  tenantId: string;
  unit: number;
  totals: Totals;
  nextDue: number | null;
  ranked: Record<RankedDim, Map<string, number>>;
}

const openStatuses = new Set(["Open", "Acknowledged", "In Progress"]);
/** The per-priority columns' suffix of each priority. */
const priorityKey: Record<string, "critical" | "high" | "medium" | "low"> = {
  Critical: "critical",
  High: "high",
  Medium: "medium",
  Low: "low",
};
const closedStatuses = new Set(["Resolved", "Closed"]);
const openByPriority: Record<string, TotalColumn> = {
  Critical: "open_critical",
  High: "open_high",
  Medium: "open_medium",
  Low: "open_low",
};

export const emptyTotals = (): Totals => Object.fromEntries(totalColumns.map((c) => [c, 0])) as Totals;

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** Aggregates alerts into their leaves, with overdue judged at `asof`. */
export function aggregateLeaves(rows: Iterable<LeafSourceRow>, asof: number): Map<string, Leaf> {
  const leaves = new Map<string, Leaf>();
  for (const r of rows) {
    const unit = unitOf(r.detected_at);
    const id = `${r.tenant_id}|${unit}`;
    let leaf = leaves.get(id);
    if (!leaf) {
      leaf = {
        tenantId: r.tenant_id,
        unit,
        totals: emptyTotals(),
        nextDue: null,
        ranked: { rule: new Map(), host: new Map(), user: new Map(), assignee: new Map(), source: new Map() },
      };
      leaves.set(id, leaf);
    }
    const t = leaf.totals;
    const open = openStatuses.has(r.status);
    t.alerts++;
    if (r.priority === "Critical") t.crit++;
    if (r.priority === "High") t.high++;
    if (open) {
      t.open++;
      const column = openByPriority[r.priority];
      if (column) t[column]++;
    }
    if (r.acknowledged_at != null) {
      t.mtta_sum += r.acknowledged_at - r.detected_at;
      t.mtta_n++;
    }
    if (r.resolved_at != null) {
      t.mttr_sum += r.resolved_at - r.detected_at;
      t.mttr_n++;
    }
    const ack = step(r.acknowledged_at, r.ack_due_at, asof);
    const respond = step(r.responded_at, r.respond_due_at, asof);
    if (ack === "met") t.ack_met++;
    else if (ack === "late") t.ack_late++;
    else if (ack === "pending") t.ack_pending++;
    if (respond === "met") t.respond_met++;
    else if (respond === "late") t.respond_late++;
    else if (respond === "pending") t.respond_pending++;
    if (open && respond === "late") t.breached_late++;
    if (open && respond === "pending") t.breached_pending++;
    for (const [done, due] of [
      [r.acknowledged_at, r.ack_due_at],
      [r.responded_at, r.respond_due_at],
    ] as const) {
      if (done == null && due != null && due >= asof && (leaf.nextDue == null || due < leaf.nextDue)) leaf.nextDue = due;
    }
    if (r.incident_id != null) t.escalated++;
    if (closedStatuses.has(r.status)) {
      t.resolved++;
      if (r.resolution_type === "Automated") t.resolved_auto++;
      if (r.resolution_type === "Manual") t.resolved_manual++;
      if (r.incident_id == null) t.closed_unescalated++;
    }
    const ackMissed = ack === "late" || ack === "pending";
    const respondMissed = respond === "late" || respond === "pending";
    if (ackMissed && respondMissed) t.both_missed++;
    const p = priorityKey[r.priority];
    if (p) {
      if (p === "medium") t.alerts_medium++;
      if (p === "low") t.alerts_low++;
      if (ack === "met") t[`ack_met_${p}`]++;
      if (ackMissed) t[`ack_missed_${p}`]++;
      if (respond === "met") t[`respond_met_${p}`]++;
      if (respondMissed) t[`respond_missed_${p}`]++;
      if (r.acknowledged_at != null) {
        t[`mtta_sum_${p}`] += r.acknowledged_at - r.detected_at;
        t[`mtta_n_${p}`]++;
      }
      if (r.resolved_at != null) {
        t[`mttr_sum_${p}`] += r.resolved_at - r.detected_at;
        t[`mttr_n_${p}`]++;
      }
    }
    bump(leaf.ranked.rule, r.rule ?? r.name);
    if (r.hostname) bump(leaf.ranked.host, r.hostname);
    if (r.username) bump(leaf.ranked.user, r.username);
    if (open) bump(leaf.ranked.assignee, r.assignee ?? "");
    bump(leaf.ranked.source, r.detection_source ?? "");
  }
  return leaves;
}

/** An SLA step as the alert list judges it (alert-list.repository.ts slaCondition), overdue meaning due before `asof`. */
function step(done: number | null, due: number | null, asof: number): "met" | "late" | "pending" | null {
  if (due == null) return null;
  if (done != null) return done <= due ? "met" : "late";
  return due < asof ? "pending" : null;
}
