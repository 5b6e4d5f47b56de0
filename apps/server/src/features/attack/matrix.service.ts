import { tactics } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { attackCounts, incidentsByTechnique } from "./coverage.repository";
import { catalogueEntries, techniqueActivity } from "./matrix.repository";

const DAY = 86_400_000;

type Window = { tenantIds: readonly string[]; from: number; to: number };

/** Alerts per technique (most first) and per tactic over the window, with the incidents holding them. */
export async function attackCoverage(ctx: AppContext, window: Window) {
  const counts = await attackCounts(ctx.db, window);
  const incidents = await incidentsByTechnique(ctx.db, window);
  return {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    techniques: counts
      .filter((c) => !c.key.startsWith("tactic:"))
      .map((c) => ({ id: c.key, alerts: Number(c.alerts), incidents: incidents.get(c.key) ?? [] }))
      .sort((a, b) => b.alerts - a.alerts || a.id.localeCompare(b.id)),
    tactics: counts.filter((c) => c.key.startsWith("tactic:")).map((c) => ({ tactic: c.key.slice(7), alerts: Number(c.alerts) })),
  };
}

export interface MatrixItem {
  techniqueId: string;
  name: string | null;
  /** Latest detection of the technique in the window. */
  date: string;
  /** "D-3": whole days between that detection and now. */
  label: string;
  alerts: number;
  highlight: boolean;
  incidents: { id: string; reference: string }[];
}

/**
 * The attack-matrix timeline (spec "Attack-matrix tactic group"): the 14 tactics in kill-chain
 * order, each with the techniques seen in the window, newest first, highlighted when an incident
 * holds one of their alerts. A technique sits under its catalogue tactics, or under the tactics
 * its alerts name when the catalogue does not know it.
 */
export async function attackMatrix(ctx: AppContext, window: Window) {
  const { tenantIds, from, to } = window;
  const now = ctx.now();
  const activity = await techniqueActivity(ctx.db, tenantIds, from, to);
  const incidents = await incidentsByTechnique(ctx.db, window);
  const catalogue = new Map((await catalogueEntries(ctx.db, activity.map((a) => a.technique))).map((c) => [c.technique_id, c]));
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
      items: (columns.get(t.name) ?? []).sort((x, y) => y.date.localeCompare(x.date)),
    })),
  };
}
