import { Download, Upload, X } from "lucide-react";
import { useId } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import type { ParsedLayer } from "../api/navigator-layers";

/** The server's reason for a rejected layer file (details path "file"), else its message. */
export function layerErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.details.find((d) => d.path === "file")?.message ?? error.message;
  return errorMessage(error);
}

export function LayerButtons({
  onExport,
  exporting,
  onImport,
  importing,
}: {
  onExport: () => void;
  exporting: boolean;
  onImport: (file: File) => void;
  importing: boolean;
}) {
  const inputId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={onExport} loading={exporting}>
        <Download aria-hidden className="size-4" /> Export Navigator layer
      </Button>
      {/* The file input stays in the tab order (visually hidden); its label is the visible button. */}
      <label
        htmlFor={inputId}
        className={cn(
          buttonClass("secondary", "sm"),
          "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-500",
          importing && "opacity-60",
        )}
      >
        <Upload aria-hidden className="size-4" /> Import layer…
        <input
          id={inputId}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          disabled={importing}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again still fires a change.
            event.target.value = "";
            if (file) onImport(file);
          }}
        />
      </label>
    </div>
  );
}

/** What the overlay is: layer name, format, how many of its techniques are on the matrix, warnings. */
export function LayerSummary({
  layer,
  match,
  onClear,
}: {
  layer: ParsedLayer;
  match: { total: number; matched: number };
  onClear: () => void;
}) {
  return (
    <section
      aria-label="Imported layer"
      data-testid="layer-summary"
      className="rounded-lg border border-violet-300 bg-violet-50 p-3 text-sm text-violet-950 dark:border-violet-800 dark:bg-violet-950/40 dark:text-violet-100"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            Layer overlay: <span data-testid="layer-name">{layer.name}</span>
          </p>
          <p className="text-xs" data-testid="layer-facts">
            Format {layer.formatVersion} · {layer.domain} · {match.total} {match.total === 1 ? "technique" : "techniques"} (
            {match.matched} on the matrix in this window) · scores shown as a dashed outline and badge
          </p>
          {layer.description && <p className="mt-1 text-xs opacity-90">{layer.description}</p>}
        </div>
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden className="size-4" /> Clear overlay
        </Button>
      </div>
      {layer.warnings.length > 0 && (
        <details className="mt-2 text-xs">
          <summary className="cursor-pointer font-medium">
            {layer.warnings.length} {layer.warnings.length === 1 ? "warning" : "warnings"}
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {layer.warnings.slice(0, 50).map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export function LayerError({ error, onDismiss }: { error: unknown; onDismiss: () => void }) {
  return (
    <Notice tone="error">
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span data-testid="layer-error">The layer could not be read: {layerErrorMessage(error)}</span>
        <button type="button" onClick={onDismiss} className="text-xs font-medium underline">
          Dismiss
        </button>
      </span>
    </Notice>
  );
}
