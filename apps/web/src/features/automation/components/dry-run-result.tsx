import type { AutomationSubject, DryRunResult } from "@watchfloor/shared";
import { Card } from "@/components/ui/page";
import { Time } from "@/components/ui/time";
import { SubjectLink } from "./subject-link";

/** What the rule would have matched; nothing was changed. */
export function DryRunResultView({ result, subject }: { result: DryRunResult; subject: AutomationSubject }) {
  return (
    <Card title="Dry run: the last 7 days">
      <p className="text-sm text-slate-800 dark:text-slate-200" data-testid="dry-run-summary">
        Would have matched <strong>{result.matched.toLocaleString()}</strong> of {result.examined.toLocaleString()} examined
        {result.capped ? " (the newest only: more exist than a dry run reads)" : ""}. Nothing was changed.
      </p>
      {result.examples.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {result.examples.map((e) => (
            <li key={e.id} className="flex flex-wrap gap-x-3">
              <SubjectLink subject={subject} id={e.id} name={e.name} className="font-medium" />
              <span className="text-slate-600 dark:text-slate-400">
                <Time iso={e.at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
