import { type AttackCoverage, type AttackMatrix, type MatrixItem, tactics } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { freshPlan } from "../rollups/rollup-window";
import type { WindowPlan } from "../rollups/rollup-units";
import { incidentsByTechnique } from "./coverage.repository";
import { attackActivity, catalogueEntries } from "./matrix.repository";

const DAY = 86_400_000;

type Window = { tenantIds: readonly string[]; from: number; to: number };

/**
 * How the window is counted: from the rollups (after refreshing what is queued for these
 * tenants) or, for the reference in tests, directly from the alerts.
 */
type Planner = (ctx: AppContext, window: Window) => Promise<WindowPlan>;
const rollupPlan: Planner = (ctx, w) => freshPlan(ctx, w.tenantIds, w.from, w.to);
export const directPlan: Planner = async (_ctx, w) => ({ blocks: [], partial: w.from < w.to ? [[w.from, w.to]] : [] });

/** Alerts per technique (most first) and per tactic over the window, with the incidents holding them. */
export async function attackCoverage(ctx: AppContext, window: Window, planner: Planner = rollupPlan): Promise<AttackCoverage> {
  const plan = await planner(ctx, window);
  const counts = await attackActivity(ctx.db, window.tenantIds, plan);
  const incidents = await incidentsByTechnique(ctx.db, window.tenantIds, plan);
  return {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    techniques: counts
      .filter((c) => !c.key.startsWith("tactic:"))
      .map((c) => ({ id: c.key, alerts: Number(c.alerts), incidents: incidents.get(c.key) ?? [] }))
      .sort((a, b) => b.alerts - a.alerts || a.id.localeCompare(b.id)),
    // Sorted here: the engines group in different orders.
    tactics: counts
      .filter((c) => c.key.startsWith("tactic:"))
      .map((c) => ({ tactic: c.key.slice(7), alerts: Number(c.alerts) }))
      .sort((a, b) => a.tactic.localeCompare(b.tactic)),
  };
}

/**
 * The attack-matrix timeline (spec "Attack-matrix tactic group"): the 14 tactics in kill-chain
 * order, each with the techniques seen in the window, newest first, highlighted when an incident
 * holds one of their alerts. A technique sits under its catalogue tactics, or under the tactics
 * its alerts name when the catalogue does not know it.
 */
export async function attackMatrix(ctx: AppContext, window: Window, planner: Planner = rollupPlan): Promise<AttackMatrix> {
  const { tenantIds, from, to } = window;
  const now = ctx.now();
  const plan = await planner(ctx, window);
  const activity = (await attackActivity(ctx.db, tenantIds, plan, { techniquesOnly: true })).map((a) => ({
    ...a,
    technique: a.key,
  }));
  const incidents = await incidentsByTechnique(ctx.db, tenantIds, plan);
  const catalogue = new Map(
    (
      await catalogueEntries(
        ctx.db,
        activity.map((a) => a.technique),
      )
    ).map((c) => [c.technique_id, c]),
  );
  const columns = new Map<string, MatrixItem[]>(tactics.map((t) => [t.name, []]));
  for (const a of activity) {
    const entry = catalogue.get(a.technique);
    const homes = entry ? (JSON.parse(entry.tactics) as string[]) : (JSON.parse(a.tactics || "[]") as string[]);
    const latest = Number(a.latest);
    const item: MatrixItem = {
      techniqueId: a.technique,
      name: entry?.name ?? null,
      date: new Date(latest).toISOString(),
      label: `D-${Math.max(0, Math.floor((now - latest) / DAY))}`,
      alerts: Number(a.alerts),
      highlight: (incidents.get(a.technique)?.length ?? 0) > 0,
      incidents: incidents.get(a.technique) ?? [],
    };
    for (const tactic of homes) columns.get(tactic)?.push(item);
  }
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    tactics: tactics.map((t) => ({
      id: t.id,
      title: t.name,
      items: (columns.get(t.name) ?? []).sort(
        (x, y) => y.date.localeCompare(x.date) || x.techniqueId.localeCompare(y.techniqueId),
      ),
    })),
  };
}
