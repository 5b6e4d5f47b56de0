import type { AutomationSubject, DryRunResult } from "@watchfloor/shared";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { Time } from "@/components/ui/time";
import { subjectPath } from "../labels";

/** What the rule would have matched; nothing was changed. */
export function DryRunResultView({ result, subject }: { result: DryRunResult; subject: AutomationSubject }) {
  const link = (id: string) => subjectPath(subject, id);
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
              <Link to={link(e.id)} className="font-medium text-sky-800 hover:underline dark:text-sky-300">
                {e.name}
              </Link>
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
