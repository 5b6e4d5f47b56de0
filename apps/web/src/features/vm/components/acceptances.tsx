import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { useAcceptances } from "../api/vm";
import { figureLink, findingsLink } from "../lib/links";

/** Risk acceptances in scope: reason, approver, expiry; expired ones have reopened their findings. */
export function Acceptances() {
  const list = useAcceptances();
  let body: ReactNode;
  if (list.isPending) body = <LoadingState label="Loading accepted risks" />;
  else if (list.isError)
    body = <ErrorState title="Could not load accepted risks" error={list.error} onRetry={() => list.refetch()} />;
  else if (list.data.items.length === 0)
    body = (
      <EmptyState title="No accepted risks">Accept a fix group's findings with a reason and an expiry from its row.</EmptyState>
    );
  else
    body = (
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="acceptances">
        {list.data.items.map((a) => (
          <li key={a.id} className="space-y-0.5 py-3 text-sm" data-testid="acceptance-row">
            <p className="font-medium break-words text-slate-900 dark:text-white">
              {a.fix ? (
                <Link
                  to={findingsLink({ fix: a.fix, tenant: a.tenantId, view: a.state === "active" ? "closed" : "open" })}
                  className={figureLink}
                >
                  {a.fix}
                </Link>
              ) : (
                `${a.findings} findings`
              )}
            </p>
            <p className="break-words text-slate-700 dark:text-slate-300">{a.reason}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {a.findings} findings · approved by {a.approvedBy.name} · {a.state === "active" ? "until" : "expired"}{" "}
              {a.expiresAt.slice(0, 10)}
            </p>
          </li>
        ))}
      </ul>
    );
  return (
    <section id="acceptances" aria-labelledby="vm-acceptances-title" className="scroll-mt-4 space-y-3">
      <h2 id="vm-acceptances-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Accepted risks
      </h2>
      <Card>{body}</Card>
    </section>
  );
}
