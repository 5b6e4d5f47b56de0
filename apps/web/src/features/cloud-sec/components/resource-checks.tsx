import type { CloudSecCheck } from "@watchfloor/shared";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { complianceControlPath } from "@/config/paths";
import { type ChecksOf, useCloudSecChecks } from "../api/get-cloud-sec";
import { ResultBadge, SeverityBadge } from "@/components/ui/compliance-badges";

const isGap = (c: CloudSecCheck) => (c.result === "fail" || c.result === "error") && !c.excepted;
const needsLook = (c: CloudSecCheck) => c.result === "fail" || c.result === "error";

function CheckItem({ check: c }: { check: CloudSecCheck }) {
  return (
    <li className="space-y-1 py-2.5" data-testid="cloud-sec-check" data-result={isGap(c) ? "failing" : c.result}>
      <div className="flex flex-wrap items-center gap-1.5">
        <ResultBadge result={c.result} excepted={c.excepted} />
        <SeverityBadge severity={c.severity} />
        <Link
          to={complianceControlPath(c.tool, c.controlId)}
          className="font-medium text-slate-900 hover:text-sky-700 hover:underline dark:text-white dark:hover:text-sky-400"
        >
          {c.title}
        </Link>
      </div>
      <p className="text-xs break-all text-slate-600 dark:text-slate-400">
        {[c.tool, c.controlId, c.service, c.region, c.resourceType].filter(Boolean).join(" · ")}
      </p>
      {c.evidence && (
        <details className="text-xs text-slate-700 dark:text-slate-300">
          <summary className="cursor-pointer font-medium text-sky-800 dark:text-sky-300">Evidence</summary>
          <pre className="mt-1 max-h-48 overflow-auto rounded bg-slate-50 p-2 whitespace-pre-wrap dark:bg-slate-950">
            {c.evidence}
          </pre>
        </details>
      )}
    </li>
  );
}

/** An opened row: its failing (and excepted) checks first; the others on request. */
export function ResourceChecks({ of, label }: { of: ChecksOf; label: string }) {
  const checks = useCloudSecChecks(of);
  const [all, setAll] = useState(false);
  if (checks.isPending) return <LoadingState label={`Loading the checks of ${label}`} />;
  if (checks.isError)
    return <ErrorState title="Could not load the checks" error={checks.error} onRetry={() => checks.refetch()} />;
  const { items, total } = checks.data;
  const failing = items.filter(needsLook);
  const rest = items.length - failing.length;
  const shown = all ? items : failing;
  return (
    <div data-testid="cloud-sec-checks">
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No failing check.</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={`Checks of ${label}`}>
          {shown.map((c) => (
            <CheckItem key={c.id} check={c} />
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-slate-600 dark:text-slate-400">
        <span>
          {failing.length} failing or erroring, {rest} other {rest === 1 ? "result" : "results"}
          {total > items.length ? ` (first ${items.length} of ${total})` : ""}
        </span>
        {rest > 0 && (
          <Button variant="ghost" size="sm" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? "Show failing only" : "Show every check"}
          </Button>
        )}
      </div>
    </div>
  );
}
