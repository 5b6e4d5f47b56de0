import type { FindingDetail } from "@watchfloor/shared";
import { useState } from "react";
import { Link } from "react-router";
import { PriorityBadge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { FieldGroup } from "@/components/ui/field-group";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { TimelineCard } from "@/components/ui/timeline";
import { findingAssetPath, paths } from "@/config/paths";
import { useCan } from "@/lib/permissions";
import { useChangeFindingStatus, useCommentOnFinding } from "../api/finding-actions";
import { useFinding } from "../api/get-finding";
import { FindingAssign } from "./finding-assign";
import { DueDate, FindingStatusBadge, KevBadge } from "./finding-badges";
import { findingFieldGroups } from "./finding-fields";
import { FindingWorkflow } from "./finding-workflow";
import { TableScroll } from "@/components/ui/table-scroll";
import { DetailHeader, DetailMeta } from "@/components/triage/detail-header";

/** One finding: every field, its scanners' records, evidence, workflow, assignment, timeline and comments. */
export function FindingDetailView({ findingId }: { findingId: string }) {
  const detail = useFinding(findingId);
  const move = useChangeFindingStatus(findingId);
  const comment = useCommentOnFinding(findingId);
  const canWrite = useCan("data.write", detail.data?.finding.tenantId ?? "__none__");

  if (detail.isPending) return <LoadingState label="Loading finding" />;
  if (detail.isError)
    return <ErrorState error={detail.error} onRetry={() => detail.refetch()} title="Could not load this finding" />;
  const { finding, allowedMoves, timeline, sources } = detail.data;

  return (
    <div className="space-y-6">
      <DetailHeader back={{ to: paths.risk.vulnerabilities, label: "Vulnerabilities" }} title={finding.title}>
        <DetailMeta>
          <PriorityBadge priority={finding.priority} />
          <FindingStatusBadge status={finding.status} />
          {finding.kev && <KevBadge />}
          {finding.overdue && <DueDate dueAt={finding.dueAt} overdue closed={false} />}
          <span>
            on{" "}
            <Link to={findingAssetPath(finding.assetId)} className="font-medium text-sky-800 hover:underline dark:text-sky-300">
              {finding.assetKey} {finding.assetName}
            </Link>
          </span>
          <span aria-hidden>·</span>
          <span>{finding.tenantName}</span>
          <span aria-hidden>·</span>
          <span>
            Last seen <Time iso={finding.lastSeenAt} mode="relative" />
          </span>
        </DetailMeta>
      </DetailHeader>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        {/* Actions come first in the page (and on narrow screens above the fields); from lg up they sit on the right. */}
        <aside
          className="grid gap-6 sm:grid-cols-2 lg:sticky lg:top-0 lg:col-start-2 lg:row-start-1 lg:grid-cols-1 lg:self-start"
          aria-label="Finding actions"
        >
          {canWrite && (
            <Card title="Workflow">
              <FindingWorkflow status={finding.status} allowedMoves={allowedMoves} onMove={(body) => move.mutateAsync(body)} />
            </Card>
          )}
          <Card title="Assignment">
            <FindingAssign findingId={finding.id} tenantId={finding.tenantId} assignee={finding.assignee} readOnly={!canWrite} />
          </Card>
        </aside>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          {findingFieldGroups(finding).map((g) => (
            <FieldGroup key={g.title} title={g.title} fields={g.fields} />
          ))}
          <EvidenceCard description={finding.description} evidence={finding.evidence} />
          <SourcesCard sources={sources} />
          <TimelineCard entries={timeline} onComment={canWrite ? (text) => comment.mutateAsync(text) : undefined} />
        </div>
      </div>
    </div>
  );
}

function EvidenceCard({ description, evidence }: { description: string | null; evidence: string | null }) {
  return (
    <Card title="Description and evidence">
      {description ? (
        <p className="text-sm whitespace-pre-line text-slate-800 dark:text-slate-200">{description}</p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">The scanner gave no description.</p>
      )}
      <h3 className="mt-4 mb-1.5 text-sm font-semibold text-slate-900 dark:text-white">Evidence (scanner output)</h3>
      {evidence ? (
        <Evidence text={evidence} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">No output was recorded.</p>
      )}
    </Card>
  );
}

const evidencePreview = 1500;

/** Scanner output can run to pages: the start is shown, the rest on request (no nested scroll box). */
function Evidence({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  const long = text.length > evidencePreview;
  return (
    <div className="space-y-2">
      <pre className="rounded-md bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap break-words text-slate-800 dark:bg-slate-800/60 dark:text-slate-200">
        {all || !long ? text : `${text.slice(0, evidencePreview)}…`}
      </pre>
      {long && (
        <Button size="sm" variant="ghost" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? "Show less" : `Show all output (${text.length.toLocaleString("en")} characters)`}
        </Button>
      )}
    </div>
  );
}

function SourcesCard({ sources }: { sources: FindingDetail["sources"] }) {
  return (
    <Card title={`Sources (${sources.length})`}>
      {sources.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No scanner record is kept for this finding.</p>
      ) : (
        <TableScroll label="Scanners that report this finding">
          <table className="w-full min-w-[480px] text-sm" data-testid="finding-sources">
            <caption className="sr-only">Scanners that report this finding</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs font-semibold text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400">
                <th scope="col" className="px-5 py-2">
                  Scanner
                </th>
                <th scope="col" className="px-5 py-2">
                  Scanner's id
                </th>
                <th scope="col" className="px-5 py-2">
                  First seen
                </th>
                <th scope="col" className="px-5 py-2">
                  Last seen
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {sources.map((s) => (
                <tr key={`${s.scanner}:${s.scannerFindingId}`}>
                  <td className="px-5 py-2 font-medium text-slate-900 dark:text-white">{s.scanner}</td>
                  <td className="px-5 py-2 font-mono text-xs break-all text-slate-800 dark:text-slate-200">
                    {s.scannerFindingId}
                  </td>
                  <td className="px-5 py-2 text-slate-800 dark:text-slate-200">
                    <Time iso={s.firstSeenAt} mode="absolute" />
                  </td>
                  <td className="px-5 py-2 text-slate-800 dark:text-slate-200">
                    <Time iso={s.lastSeenAt} mode="absolute" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
