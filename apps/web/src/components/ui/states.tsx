import { CircleAlert, Inbox, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api-client";
import { Button } from "./button";
import { Spinner } from "./spinner";

export function LoadingState({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex items-center gap-3 py-8 text-sm text-slate-600 dark:text-slate-300">
      <Spinner label={label} />
      <span>{label}…</span>
    </div>
  );
}

/** Shows the server's message (not a generic one) and a retry. */
export function ErrorState({
  error,
  onRetry,
  title = "Could not load this",
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900 dark:bg-red-950/40">
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-400" />
        <div className="space-y-2">
          <p className="font-medium text-red-900 dark:text-red-200">{title}</p>
          <p className="text-red-800 dark:text-red-300">{errorMessage(error)}</p>
          {onRetry && (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              <RefreshCw aria-hidden className="size-4" /> Retry
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <div className="mb-3 text-slate-500 dark:text-slate-400">{icon ?? <Inbox aria-hidden className="size-8" />}</div>
      <p className="font-medium text-slate-800 dark:text-slate-200">{title}</p>
      {children && <div className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{children}</div>}
    </div>
  );
}

/** Inline notice for form-level outcomes (errors the server gave without a field, success notes). */
export function Notice({ tone, children }: { tone: "error" | "success" | "info"; children: ReactNode }) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200",
    success:
      "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200",
    info: "border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}
