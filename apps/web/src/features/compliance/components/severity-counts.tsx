import type { ComplianceSeverity } from "@watchfloor/shared";

const shown: [ComplianceSeverity, string, string][] = [
  ["critical", "C", "bg-red-100 text-red-900 dark:bg-red-950/60 dark:text-red-100"],
  ["high", "H", "bg-orange-100 text-orange-900 dark:bg-orange-950/60 dark:text-orange-100"],
  ["medium", "M", "bg-amber-100 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"],
  ["low", "L", "bg-sky-100 text-sky-900 dark:bg-sky-950/60 dark:text-sky-100"],
];

/** Failing results by severity as compact tiles; info and unseverised failures and errors are summed after. */
export function SeverityCounts({ counts, errors = 0 }: { counts: Record<ComplianceSeverity, number>; errors?: number }) {
  const rest = counts.info + counts.unknown;
  const label = `${shown.map(([s]) => `${counts[s]} ${s}`).join(", ")}, ${rest} other${errors ? `, ${errors} errors` : ""}`;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label} title={label}>
      {shown.map(([severity, letter, tone]) => (
        <span
          key={severity}
          aria-hidden
          className={`min-w-9 rounded px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums ${counts[severity] > 0 ? tone : "text-slate-500 dark:text-slate-400"}`}
        >
          {letter} {counts[severity]}
        </span>
      ))}
      {rest + errors > 0 && (
        <span aria-hidden className="text-xs text-slate-600 dark:text-slate-400">
          +{rest + errors}
        </span>
      )}
    </span>
  );
}
