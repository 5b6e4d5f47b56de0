import { cn } from "@/lib/cn";
import type { MatrixTactic } from "../api/get-attack-matrix";
import type { LayerOverlay } from "../lib/overlay";
import { tacticStyle } from "../lib/tactic-styles";
import { TacticHeader } from "./tactic-header";
import { TechniqueCard } from "./technique-card";

const count = new Intl.NumberFormat("en");

/** The spec's attack-matrix timeline: one coloured column per tactic, newest detections first. */
export function MatrixTimeline({
  tactics,
  range,
  overlay,
}: {
  tactics: MatrixTactic[];
  range: { fromDay: string; toDay: string };
  overlay: LayerOverlay | null;
}) {
  return (
    // Focusable so keyboard users can scroll the 14 columns sideways.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
    <section aria-label="ATT&CK matrix timeline by tactic" tabIndex={0} className="-mx-1 overflow-x-auto px-1 pb-3">
      <div className="flex min-w-max items-start gap-3">
        {tactics.map((tactic) => {
          const style = tacticStyle(tactic.id);
          const alerts = tactic.items.reduce((sum, i) => sum + i.alerts, 0);
          const headingId = `tactic-${tactic.id}`;
          return (
            <section
              key={tactic.id}
              aria-labelledby={headingId}
              data-testid="tactic-column"
              data-tactic={tactic.title}
              className={cn(
                "flex w-56 shrink-0 flex-col overflow-hidden rounded-lg border bg-slate-50 dark:bg-slate-950",
                style.border,
              )}
            >
              <TacticHeader id={tactic.id} title={tactic.title} headingId={headingId}>
                {tactic.items.length} {tactic.items.length === 1 ? "technique" : "techniques"} · {count.format(alerts)} alerts
              </TacticHeader>
              {tactic.items.length === 0 ? (
                <p className="px-3 py-4 text-xs text-slate-600 dark:text-slate-400">No detections in this window.</p>
              ) : (
                <ul className="space-y-2 p-2">
                  {tactic.items.map((item) => (
                    <TechniqueCard
                      key={item.techniqueId}
                      item={item}
                      range={range}
                      layer={overlay?.lookup(item.techniqueId, tactic.title)}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
