import type { CatalogueTechnique } from "@watchfloor/shared";
import { ChevronDown, ChevronRight, Info } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router";
import { Notice } from "@/components/ui/states";
import { paths, techniqueAlertsPath } from "@/config/paths";
import { cn } from "@/lib/cn";
import type { AttackCoverage } from "../api/get-attack-coverage";
import type { MatrixTactic } from "../api/get-attack-matrix";
import { type Cell, type CoverageGrid, coverageGrid, positiveCounts } from "../lib/coverage-grid";
import { emptyCell, heatLegend, heatStep, heatSteps } from "../lib/heat";
import type { LayerOverlay } from "../lib/overlay";
import { tacticStyle } from "../lib/tactic-styles";
import { LayerScore } from "./layer-score";
import { TacticHeader } from "./tactic-header";

const count = new Intl.NumberFormat("en");

/**
 * Coverage: alert counts per technique over the window as a heat map, grouped by tactic. With the
 * ATT&CK catalogue imported it is the full Enterprise matrix (techniques without alerts in the
 * lowest step, sub-techniques folded under their parent); without it, only the techniques seen in
 * the window, and the page says the full matrix needs the catalogue.
 */
export function CoverageHeatmap({
  tactics,
  coverage,
  catalogue,
  range,
  overlay,
}: {
  tactics: MatrixTactic[];
  coverage: AttackCoverage | undefined;
  catalogue: CatalogueTechnique[];
  range: { fromDay: string; toDay: string };
  overlay: LayerOverlay | null;
}) {
  // Families opened or closed by hand; by default a family is open when a sub-technique has alerts.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const grid = useMemo(() => coverageGrid(tactics, coverage, catalogue), [tactics, coverage, catalogue]);
  const counts = positiveCounts(grid.columns);
  const max = Math.max(0, ...counts);
  const min = counts.length ? Math.min(...counts) : 0;
  const toggle = (key: string, open: boolean) => setToggled((old) => new Map(old).set(key, !open));

  const cellRow = (cell: Cell, tactic: string, extra?: ReactNode) => {
    const step = heatStep(cell.alerts, min, max, grid.full);
    const layer = overlay?.lookup(cell.id, tactic);
    const label = (
      <>
        <span className="font-mono font-semibold">{cell.id}</span>
        {cell.name && <span className="block truncate">{cell.name}</span>}
        {extra}
      </>
    );
    return (
      <div
        data-testid="coverage-cell"
        data-technique={cell.id}
        data-alerts={cell.alerts}
        title={cell.name ? `${cell.id} ${cell.name}` : undefined}
        className={cn(
          "flex min-w-0 flex-1 items-center justify-between gap-2 rounded px-2 py-1.5 text-xs",
          step >= 0 ? heatSteps[step]?.cell : emptyCell,
          (step < 0 || (grid.full && step === 0)) && "ring-1 ring-slate-200 ring-inset dark:ring-slate-700",
          layer && "outline-2 -outline-offset-2 outline-violet-600 outline-dashed dark:outline-violet-400",
        )}
      >
        {cell.alerts > 0 ? (
          <Link to={techniqueAlertsPath(cell.id, range.fromDay, range.toDay)} className="min-w-0 rounded-sm hover:underline">
            {label}
          </Link>
        ) : (
          <span className="min-w-0">{label}</span>
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
      <HeatLegend grid={grid} catalogueSize={catalogue.length} min={min} max={max} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section aria-label="ATT&CK coverage heat map by tactic" tabIndex={0} className="-mx-1 overflow-x-auto px-1 pb-3">
        <div className="flex min-w-max items-start gap-3">
          {grid.columns.map((column) => {
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
                  {grid.full
                    ? `${count.format(column.techniques)} techniques · ${count.format(column.withAlerts)} with alerts`
                    : `${column.techniques} seen`}
                  {column.alerts !== null && ` · ${count.format(column.alerts)} alerts`}
                </TacticHeader>
                {column.families.length === 0 ? (
                  <p className="px-3 py-4 text-xs text-slate-600 dark:text-slate-400">No alerts in this window.</p>
                ) : (
                  <ul className="space-y-1 p-1.5">
                    {column.families.map((family) => {
                      const key = `${column.id}:${family.parent.id}`;
                      const subTotal = family.subs.reduce((sum, s) => sum + s.alerts, 0);
                      const open = toggled.get(key) ?? subTotal > 0;
                      return (
                        <li key={family.parent.id} className="space-y-1">
                          <div className="flex items-center gap-1">
                            {family.subs.length > 0 ? (
                              <button
                                type="button"
                                aria-expanded={open}
                                aria-label={`${open ? "Hide" : "Show"} ${family.subs.length} sub-techniques of ${family.parent.id}`}
                                onClick={() => toggle(key, open)}
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
                              family.parent.alerts === 0 && subTotal > 0 && (
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

function HeatLegend({ grid, catalogueSize, min, max }: { grid: CoverageGrid; catalogueSize: number; min: number; max: number }) {
  const seen = new Set(
    grid.columns.flatMap((c) =>
      c.families
        .flatMap((f) => [f.parent, ...f.subs])
        .filter((cell) => cell.alerts > 0)
        .map((cell) => cell.id),
    ),
  );
  return (
    <div className="space-y-2">
      {!grid.full && (
        <Notice tone="info">
          <span className="inline-flex items-start gap-2" data-testid="coverage-catalogue-missing">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              Showing only techniques with alerts in this window. The full matrix, with every technique and sub-technique
              including those without alerts, needs the ATT&CK catalogue: a platform admin loads it in{" "}
              <a href={`${paths.administration}?tab=attack`} className="font-medium underline">
                Administration → ATT&CK catalogue
              </a>
              .
            </span>
          </span>
        </Notice>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-700 dark:text-slate-300">
        {grid.full && (
          <p className="font-medium" data-testid="coverage-scope">
            All {count.format(catalogueSize)} current Enterprise techniques and sub-techniques · {count.format(seen.size)} with
            alerts in this window
            {grid.unknown > 0 && ` (${count.format(grid.unknown)} not in the catalogue, shown by id)`}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <span>Alerts per technique:</span>
          {heatLegend(min, max, grid.full).map((step) => (
            <span key={step.label} className="inline-flex items-center gap-1">
              <span aria-hidden className={cn("size-3.5 rounded-sm ring-1 ring-slate-300 dark:ring-slate-600", step.swatch)} />
              {step.label}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
