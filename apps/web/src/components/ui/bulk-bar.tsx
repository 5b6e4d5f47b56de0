import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Notice } from "./states";

/** The strip of actions shown while rows are selected. */
export function BulkBarFrame({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  return (
    <section
      aria-label="Bulk actions"
      data-testid="bulk-bar"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-sky-200 bg-sky-50 px-3 py-2 dark:border-sky-900 dark:bg-sky-950/40"
    >
      <p className="mr-2 text-sm font-medium text-sky-950 dark:text-sky-100">{count} selected</p>
      {children}
      <Button size="sm" variant="ghost" onClick={onClear} className="ml-auto">
        <X aria-hidden className="size-4" /> Clear selection
      </Button>
    </section>
  );
}

export type BulkOutcome = {
  updated: number;
  results: { id: string; ok: boolean; error?: string }[];
  /** Row names captured when the action ran: the rows may leave the list once it refetches. */
  names: Record<string, string>;
};

/** What a bulk action did: how many changed, and each refused row by name with the server's reason. */
export function BulkResultNotice({ result, noun }: { result: BulkOutcome; noun: string }) {
  const failures = result.results.filter((r) => !r.ok);
  return (
    <Notice tone={failures.length ? "error" : "success"}>
      <span data-testid="bulk-result">
        Updated {result.updated} {noun}.{failures.length ? ` ${failures.length} could not be changed:` : ""}
      </span>
      {failures.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {failures.map((f) => (
            <li key={f.id}>
              <span className="font-medium">{result.names[f.id] ?? f.id}</span>: {f.error ?? "refused"}
            </li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
