import { type CatalogueTechnique, tactics as attackTactics } from "@watchfloor/shared";
import type { AttackCoverage } from "../api/get-attack-coverage";
import type { MatrixTactic } from "../api/get-attack-matrix";

export type Cell = { id: string; name: string | null; alerts: number };
/** A technique with its sub-techniques under it; `seen` is false for a parent drawn only to hold them. */
export type Family = { parent: Cell; seen: boolean; subs: Cell[] };
export type Column = {
  id: string;
  title: string;
  families: Family[];
  /** Techniques and sub-techniques in the column, and how many of them had alerts. */
  techniques: number;
  withAlerts: number;
  /** Alerts naming the tactic itself (null when unknown, as for the "No tactic" column). */
  alerts: number | null;
};
export type CoverageGrid = {
  /** True when the catalogue drew every current technique; false: only techniques seen in the window. */
  full: boolean;
  columns: Column[];
  /** Technique ids with alerts in the window that the catalogue does not list (shown by id). */
  unknown: number;
};

const titleOfShortName = new Map<string, string>(attackTactics.map((t) => [t.shortName, t.name]));

/** Sub-techniques (T1566.001) go under their parent (T1566), drawn even when it is not in the column. */
export function families(cells: Cell[], names: ReadonlyMap<string, string> = new Map()): Family[] {
  const byParent = new Map<string, Family>();
  const sorted = [...cells].sort((a, b) => a.id.localeCompare(b.id));
  for (const cell of sorted) {
    const parentId = cell.id.split(".")[0] ?? cell.id;
    let family = byParent.get(parentId);
    if (!family) {
      family = { parent: { id: parentId, name: names.get(parentId) ?? null, alerts: 0 }, seen: false, subs: [] };
      byParent.set(parentId, family);
    }
    if (cell.id === parentId) {
      family.parent = cell;
      family.seen = true;
    } else family.subs.push(cell);
  }
  return [...byParent.values()];
}

/**
 * The coverage heat map's columns: the 14 tactics of the matrix in kill-chain order. With a
 * catalogue, every current technique sits under each of its tactics with its alert count from the
 * coverage API (zero when unseen); techniques seen in alerts but absent from the catalogue keep the
 * place the matrix gave them (alert tactics, or a revoked entry's). Without one, only the techniques
 * seen in the window are drawn, as the matrix places them. Either way a technique with alerts and
 * no known tactic lands in a last "No tactic" column, so no count is dropped.
 */
export function coverageGrid(
  tactics: MatrixTactic[],
  coverage: AttackCoverage | undefined,
  catalogue: CatalogueTechnique[],
): CoverageGrid {
  const full = catalogue.length > 0;
  const counts = new Map(coverage?.techniques.map((t) => [t.id, t.alerts]));
  const names = new Map(catalogue.map((t) => [t.id, t.name]));
  const cellsByTitle = new Map<string, Map<string, Cell>>(tactics.map((t) => [t.title, new Map()]));
  const place = (title: string, cell: Cell) => cellsByTitle.get(title)?.set(cell.id, cell);

  if (full) {
    for (const t of catalogue) {
      const cell = { id: t.id, name: t.name, alerts: counts.get(t.id) ?? 0 };
      for (const short of t.tactics) place(titleOfShortName.get(short) ?? "", cell);
    }
  }
  for (const t of tactics) {
    for (const item of t.items) {
      if (full && names.has(item.techniqueId)) continue;
      place(t.title, { id: item.techniqueId, name: item.name, alerts: counts.get(item.techniqueId) ?? item.alerts });
    }
  }

  const tacticAlerts = new Map(coverage?.tactics.map((t) => [t.tactic, t.alerts]));
  const columns: Column[] = tactics.map((t) =>
    column(t.id, t.title, [...(cellsByTitle.get(t.title)?.values() ?? [])], tacticAlerts.get(t.title) ?? null, names),
  );
  const placed = new Set([...cellsByTitle.values()].flatMap((cells) => [...cells.keys()]));
  const unplaced = (coverage?.techniques ?? []).filter((t) => !placed.has(t.id));
  if (unplaced.length) {
    columns.push(
      column(
        "unmapped",
        "No tactic",
        unplaced.map((t) => ({ id: t.id, name: names.get(t.id) ?? null, alerts: t.alerts })),
        null,
        names,
      ),
    );
  }
  const unknown = full ? (coverage?.techniques ?? []).filter((t) => t.alerts > 0 && !names.has(t.id)).length : 0;
  return { full, columns, unknown };
}

function column(id: string, title: string, cells: Cell[], alerts: number | null, names: ReadonlyMap<string, string>): Column {
  return {
    id,
    title,
    families: families(cells, names),
    techniques: cells.length,
    withAlerts: cells.filter((c) => c.alerts > 0).length,
    alerts,
  };
}

/** Every count above zero in the grid, for the heat scale's range. */
export function positiveCounts(columns: Column[]): number[] {
  return columns.flatMap((c) => c.families.flatMap((f) => [f.parent, ...f.subs].map((cell) => cell.alerts))).filter((n) => n > 0);
}
