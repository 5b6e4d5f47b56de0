import { tactics } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { attackCoverage } from "./coverage.repository";
import { catalogueEntries, techniqueActivity } from "./matrix.repository";

const DAY = 86_400_000;

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
export async function attackMatrix(ctx: AppContext, tenantIds: readonly string[], from: number, to: number) {
  const now = ctx.now();
  const [activity, coverage] = await Promise.all([techniqueActivity(ctx.db, tenantIds, from, to), attackCoverage(ctx.db, tenantIds, from, to)]);
  const catalogue = new Map((await catalogueEntries(ctx.db, activity.map((a) => a.technique))).map((c) => [c.technique_id, c]));
  const incidents = new Map<string, { id: string; reference: string }[]>();
  for (const i of coverage.incidents) {
    incidents.set(i.key, [...(incidents.get(i.key) ?? []), { id: i.id, reference: `${i.slug.toUpperCase()}-INC-${String(i.number).padStart(4, "0")}` }]);
  }
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
