import { Info, ShieldQuestion } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useCurrentUser } from "@/lib/session";
import { useAttackCatalogue } from "../api/get-attack-catalogue";
import { useAttackCoverage } from "../api/get-attack-coverage";
import { useAttackMatrix } from "../api/get-attack-matrix";
import { type ParsedLayer, useExportLayer, useParseLayer } from "../api/navigator-layers";
import {
  type AttackView,
  parseAttackState,
  todayIn,
  windowLabel,
  windowQuery,
  withCustom,
  withPreset,
  withView,
} from "../lib/attack-params";
import { buildOverlay, overlayMatch } from "../lib/overlay";
import { CoverageHeatmap } from "./coverage-heatmap";
import { LayerButtons, LayerError, LayerSummary } from "./layer-controls";
import { useSourceVisibility } from "../api/source-visibility";
import { MatrixTimeline } from "./matrix-timeline";
import { WindowPicker } from "./window-picker";

const views: { id: AttackView; label: string }[] = [
  { id: "timeline", label: "Timeline" },
  { id: "coverage", label: "Coverage" },
];

/** ATT&CK matrix (timeline by tactic) and coverage heat map, with Navigator layer export and overlay. */
export function AttackPage() {
  const [params, setParams] = useSearchParams();
  const { timeZone } = useCurrentUser().preferences;
  const today = todayIn(timeZone);
  const state = useMemo(() => parseAttackState(params, today), [params, today]);
  const query = useMemo(() => windowQuery(state.window, timeZone), [state.window, timeZone]);
  const matrix = useAttackMatrix(query);
  const coverage = useAttackCoverage(query, state.view === "coverage");
  const catalogue = useAttackCatalogue(state.view === "coverage");
  const exportLayer = useExportLayer();
  const parseLayer = useParseLayer();
  const [uploaded, setLayer] = useState<ParsedLayer | null>(null);
  const visibilityOf = params.get("visibility");
  const visibility = useSourceVisibility(uploaded ? null : visibilityOf);
  // A layer file chosen here wins over the sources' visibility asked for in the URL.
  const layer = uploaded ?? visibility.data?.layer ?? null;
  const overlay = useMemo(() => (layer ? buildOverlay(layer) : null), [layer]);
  const clearOverlay = () => {
    setLayer(null);
    if (visibilityOf) setParams((p) => withoutParam(p, "visibility"));
  };

  const tactics = matrix.data?.tactics ?? [];
  const seen = useMemo(() => new Set(tactics.flatMap((t) => t.items.map((i) => i.techniqueId))), [tactics]);
  const catalogueTechniques = catalogue.data?.techniques;
  // Coverage draws the whole catalogue when there is one: those techniques are on the matrix too.
  const fullMatrix = state.view === "coverage" && (catalogueTechniques?.length ?? 0) > 0;
  const onMatrix = useMemo(
    () => (fullMatrix && catalogueTechniques ? new Set([...seen, ...catalogueTechniques.map((t) => t.id)]) : seen),
    [fullMatrix, catalogueTechniques, seen],
  );
  // In coverage without a catalogue the heat map says the same thing itself.
  const namesMissing =
    seen.size > 0 &&
    tactics.every((t) => t.items.every((i) => i.name === null)) &&
    !(state.view === "coverage" && catalogueTechniques?.length === 0);
  const range = { fromDay: state.window.fromDay, toDay: state.window.toDay };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <WindowPicker
            key={state.window.kind === "custom" ? `${range.fromDay}:${range.toDay}` : "preset"}
            value={state.window}
            onPreset={(days) => setParams(withPreset(params, days))}
            onCustom={(from, to) => setParams(withCustom(params, from, to))}
          />
          <fieldset className="inline-flex rounded-md bg-slate-100 p-0.5 dark:bg-slate-800">
            <legend className="sr-only">Display</legend>
            {views.map((v) => (
              <button
                key={v.id}
                type="button"
                aria-pressed={state.view === v.id}
                onClick={() => setParams(withView(params, v.id))}
                className={cn(
                  "h-7 rounded px-3 text-sm font-medium",
                  state.view === v.id
                    ? "bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white"
                    : "text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
                )}
              >
                {v.label}
              </button>
            ))}
          </fieldset>
        </div>
        <LayerButtons
          exporting={exportLayer.isPending}
          onExport={() => exportLayer.mutate({ query, fileName: `watchfloor-attack-${range.fromDay}-${range.toDay}.json` })}
          importing={parseLayer.isPending}
          onImport={(file) => parseLayer.mutate(file, { onSuccess: (parsed) => setLayer(parsed) })}
        />
      </div>

      <p aria-live="polite" data-testid="matrix-status" className="text-sm text-slate-600 dark:text-slate-400">
        {windowLabel(state.window)}
        {state.window.kind === "preset" && ` (${range.fromDay} to ${range.toDay})`}
        {matrix.data && ` · ${seen.size} ${seen.size === 1 ? "technique" : "techniques"} detected`}
        {matrix.isFetching && matrix.data && " · refreshing…"}
      </p>

      {exportLayer.isError && <ErrorState title="The layer could not be exported" error={exportLayer.error} />}
      {parseLayer.isError && <LayerError error={parseLayer.error} onDismiss={() => parseLayer.reset()} />}
      {visibility.isError && (
        <ErrorState
          title="Could not load what the sources can see"
          error={visibility.error}
          onRetry={() => visibility.refetch()}
        />
      )}
      {layer && <LayerSummary layer={layer} match={overlayMatch(layer, onMatrix)} onClear={clearOverlay} />}
      {namesMissing && (
        <Notice tone="info">
          <span className="inline-flex items-start gap-2">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              Technique names appear once a platform admin imports the ATT&CK catalogue (
              <a href={`${paths.administration}?tab=attack`} className="font-medium underline">
                Administration → ATT&CK catalogue
              </a>
              ); until then techniques show their ids.
            </span>
          </span>
        </Notice>
      )}

      {matrix.isPending ? (
        <LoadingState label="Loading the ATT&CK matrix" />
      ) : matrix.isError ? (
        <ErrorState title="Could not load the ATT&CK matrix" error={matrix.error} onRetry={() => matrix.refetch()} />
      ) : state.view === "timeline" ? (
        seen.size === 0 ? (
          <NoAlerts />
        ) : (
          <MatrixTimeline tactics={tactics} range={range} overlay={overlay} />
        )
      ) : catalogue.isPending ? (
        <LoadingState label="Loading the ATT&CK catalogue" />
      ) : catalogue.isError ? (
        <ErrorState title="Could not load the ATT&CK catalogue" error={catalogue.error} onRetry={() => catalogue.refetch()} />
      ) : !fullMatrix && seen.size === 0 ? (
        <NoAlerts />
      ) : coverage.isError ? (
        <ErrorState title="Could not load coverage" error={coverage.error} onRetry={() => coverage.refetch()} />
      ) : coverage.isPending ? (
        <LoadingState label="Loading coverage" />
      ) : (
        <CoverageHeatmap
          tactics={tactics}
          coverage={coverage.data}
          catalogue={catalogueTechniques ?? []}
          range={range}
          overlay={overlay}
        />
      )}
    </div>
  );
}

/** No alerts with techniques in the window (the full coverage matrix still draws, at zero). */
function NoAlerts() {
  return (
    <EmptyState title="No alerts with ATT&CK techniques in this window" icon={<ShieldQuestion aria-hidden className="size-8" />}>
      Alerts name techniques when their source maps them (for example a rule tagged T1110). Pick a longer window, or import alerts
      that carry ATT&CK techniques.
    </EmptyState>
  );
}

function withoutParam(params: URLSearchParams, name: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(name);
  return next;
}
