import { cn } from "@/lib/cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center gap-2", className)}>
      <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-sky-600 border-r-transparent" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Covers the viewport while a route change (or the first load) is in progress. */
export function FullScreenSpinner() {
  return (
    <div
      data-testid="route-spinner"
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[100] flex animate-fade-in items-center justify-center bg-slate-50/70 backdrop-blur-[1px] dark:bg-slate-950/70"
    >
      <span aria-hidden className="size-10 animate-spin rounded-full border-4 border-sky-600 border-r-transparent" />
      <span className="sr-only">Loading page</span>
    </div>
  );
}
