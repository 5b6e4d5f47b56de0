import { Layers } from "lucide-react";
import type { LayerTechnique } from "../api/navigator-layers";
import { safeColor } from "../lib/overlay";

/** The imported layer's score (and colour swatch) for one technique; the comment is the tooltip. */
export function LayerScore({ entry }: { entry: LayerTechnique }) {
  const color = safeColor(entry.color);
  return (
    <span
      data-testid="layer-score"
      data-score={entry.score ?? ""}
      title={entry.comment ?? undefined}
      className="inline-flex items-center gap-1 rounded border border-violet-300 bg-violet-50 px-1.5 py-0.5 text-xs font-medium text-violet-900 dark:border-violet-700 dark:bg-violet-950/60 dark:text-violet-100"
    >
      <Layers aria-hidden className="size-3" />
      <span className="sr-only">Layer score </span>
      {entry.score ?? "—"}
      {color && <span aria-hidden className="size-2.5 rounded-sm ring-1 ring-black/20" style={{ backgroundColor: color }} />}
    </span>
  );
}
