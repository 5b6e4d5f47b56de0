import { ChevronDown, ChevronRight } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { techniqueAlertsPath } from "@/config/paths";
import { cn } from "@/lib/cn";
import type { AttackCoverage } from "../api/get-attack-coverage";
import type { MatrixTactic } from "../api/get-attack-matrix";
import { emptyCell, heatLegend, heatStep, heatSteps } from "../lib/heat";
import type { LayerOverlay } from "../lib/overlay";
import { tacticStyle } from "../lib/tactic-styles";
import { LayerScore } from "./layer-score";
import { TacticHeader } from "./tactic-header";

const count = new Intl.NumberFormat("en");

type Cell = { id: string; name: string | null; alerts: number };
type Family = { parent: Cell; seen: boolean; subs: Cell[] };

/** Sub-techniques (T1566.001) go under their parent (T1566), which may itself have no alerts. */
function families(cells: Cell[]): Family[] {
  const byParent = new Map<string, Family>();
  const sorted = [...cells].sort((a, b) => a.id.localeCompare(b.id));
  for (const cell of sorted) {
    const parentId = cell.id.split(".")[0] ?? cell.id;
    let family = byParent.get(parentId);
    if (!family) {
      family = { parent: { id: parentId, name: null, alerts: 0 }, seen: false, subs: [] };
      byParent.set(parentId, family);
    }
    if (cell.id === parentId) {
      family.parent = cell;
      family.seen = true;
    } else family.subs.push(cell);
  }
  return [...byParent.values()];
}

type Column = { id: string; title: string; cells: Cell[]; alerts: number | null };

/**
 * Coverage: alert counts per technique over the window as a heat map, grouped by tactic. There is no
 * catalogue list endpoint, so only techniques seen in the window are shown (said on screen).
 */
export function CoverageHeatmap({
  tactics,
  coverage,
  range,
  overlay,
}: {
  tactics: MatrixTactic[];
  coverage: AttackCoverage | undefined;
  range: { fromDay: string; toDay: string };
  overlay: LayerOverlay | null;
}) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const tacticAlerts = new Map(coverage?.tactics.map((t) => [t.tactic, t.alerts]));
  const columns: Column[] = tactics.map((t) => ({
    id: t.id,
    title: t.title,
    cells: t.items.map((i) => ({ id: i.techniqueId, name: i.name, alerts: i.alerts })),
    alerts: tacticAlerts.get(t.title) ?? null,
  }));
  // Techniques whose tactic is unknown (no catalogue entry, no tactic on their alerts).
  const placed = new Set(tactics.flatMap((t) => t.items.map((i) => i.techniqueId)));
  const unplaced = (coverage?.techniques ?? []).filter((t) => !placed.has(t.id));
  if (unplaced.length)
    columns.push({
      id: "unmapped",
      title: "No tactic",
      cells: unplaced.map((t) => ({ id: t.id, name: null, alerts: t.alerts })),
      alerts: null,
    });

  const counts = columns.flatMap((c) => c.cells.map((cell) => cell.alerts)).filter((n) => n > 0);
  const max = Math.max(0, ...counts);
  const min = counts.length ? Math.min(...counts) : 0;
  const toggle = (key: string) =>
    setCollapsed((old) => {
      const next = new Set(old);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const cellRow = (cell: Cell, tactic: string, extra?: ReactNode) => {
    const step = heatStep(cell.alerts, min, max);
    const layer = overlay?.lookup(cell.id, tactic);
    return (
      <div
        data-testid="coverage-cell"
        data-technique={cell.id}
        data-alerts={cell.alerts}
        className={cn(
          "flex min-w-0 flex-1 items-center justify-between gap-2 rounded px-2 py-1.5 text-xs",
          step >= 0 ? heatSteps[step]?.cell : emptyCell,
          step < 0 && "ring-1 ring-slate-200 ring-inset dark:ring-slate-700",
          layer && "outline-2 -outline-offset-2 outline-violet-600 outline-dashed dark:outline-violet-400",
        )}
      >
        {cell.alerts > 0 ? (
          <Link to={techniqueAlertsPath(cell.id, range.fromDay, range.toDay)} className="min-w-0 rounded-sm hover:underline">
            <span className="font-mono font-semibold">{cell.id}</span>
            {cell.name && <span className="block truncate">{cell.name}</span>}
          </Link>
        ) : (
          <span className="min-w-0">
            <span className="font-mono font-semibold">{cell.id}</span>
            {extra}
          </span>
        )}
        <span className="flex shrink-0 items-center gap-1">
          {layer && <LayerScore entry={layer} />}
          {cell.alerts > 0 && (
            <span className="font-semibold tabular-nums">
              {count.format(cell.alerts)}
              <span className="sr-only"> alerts</span>
            </span>
          )}
        </span>
      </div>
    );
  };

  return (
    <div className="space-y-3">
      <HeatLegend min={min} max={max} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section aria-label="ATT&CK coverage heat map by tactic" tabIndex={0} className="-mx-1 overflow-x-auto px-1 pb-3">
        <div className="flex min-w-max items-start gap-3">
          {columns.map((column) => {
            const style = tacticStyle(column.id);
            const headingId = `coverage-${column.id}`;
            return (
              <section
                key={column.id}
                aria-labelledby={headingId}
                data-testid="coverage-column"
                data-tactic={column.title}
                className={cn("w-56 shrink-0 overflow-hidden rounded-lg border bg-white dark:bg-slate-900", style.border)}
              >
                <TacticHeader id={column.id} title={column.title} headingId={headingId}>
                  {column.cells.length} seen{column.alerts !== null && ` · ${count.format(column.alerts)} alerts`}
                </TacticHeader>
                {column.cells.length === 0 ? (
                  <p className="px-3 py-4 text-xs text-slate-600 dark:text-slate-400">No alerts in this window.</p>
                ) : (
                  <ul className="space-y-1 p-1.5">
                    {families(column.cells).map((family) => {
                      const key = `${column.id}:${family.parent.id}`;
                      const open = !collapsed.has(key);
                      const subTotal = family.subs.reduce((sum, s) => sum + s.alerts, 0);
                      return (
                        <li key={family.parent.id} className="space-y-1">
                          <div className="flex items-center gap-1">
                            {family.subs.length > 0 ? (
                              <button
                                type="button"
                                aria-expanded={open}
                                aria-label={`${open ? "Hide" : "Show"} ${family.subs.length} sub-techniques of ${family.parent.id}`}
                                onClick={() => toggle(key)}
                                className="rounded p-0.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                              >
                                {open ? (
                                  <ChevronDown aria-hidden className="size-3.5" />
                                ) : (
                                  <ChevronRight aria-hidden className="size-3.5" />
                                )}
                              </button>
                            ) : (
                              <span aria-hidden className="w-4.5 shrink-0" />
                            )}
                            {cellRow(
                              family.parent,
                              column.title,
                              !family.seen && (
                                <span className="block text-[11px] opacity-90">{count.format(subTotal)} via sub-techniques</span>
                              ),
                            )}
                          </div>
                          {open && family.subs.length > 0 && (
                            <ul
                              aria-label={`Sub-techniques of ${family.parent.id}`}
                              className="ml-[1.375rem] space-y-1 border-l-2 border-slate-200 pl-2 dark:border-slate-700"
                            >
                              {family.subs.map((sub) => (
                                <li key={sub.id} className="flex">
                                  {cellRow(sub, column.title)}
                                </li>
                              ))}
                            </ul>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      </section>
    </div>
  );
}

function HeatLegend({ min, max }: { min: number; max: number }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-700 dark:text-slate-300">
      <p className="font-medium">Showing techniques with alerts in this window</p>
      <div className="flex flex-wrap items-center gap-2">
        <span>Alerts per technique:</span>
        {heatLegend(min, max).map((step) => (
          <span key={step.label} className="inline-flex items-center gap-1">
            <span aria-hidden className={cn("size-3.5 rounded-sm ring-1 ring-slate-300 dark:ring-slate-600", step.swatch)} />
            {step.label}
          </span>
        ))}
      </div>
    </div>
  );
}
