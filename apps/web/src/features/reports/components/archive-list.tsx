import { formatInZone, type ReportKind, reportKindLabels } from "@watchfloor/shared";
import { FileText, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { TableScroll } from "@/components/ui/table-scroll";
import { errorMessage } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { useCurrentUser } from "@/lib/session";
import { useArchive, useDeleteArchived } from "../api/archive";
import { archiveFileUrl } from "../lib/params";

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Generated reports kept on the server: who made which, when, for what; download and delete. */
export function ArchiveList({
  kind,
  openPath,
}: {
  kind?: ReportKind;
  openPath: (kind: ReportKind, query: string, incidentId: string | null) => string;
}) {
  const archive = useArchive(kind);
  const remove = useDeleteArchived();
  const zone = useCurrentUser().preferences.timeZone;
  const canDelete = useCan("data.write");
  const [error, setError] = useState<string>();
  const title = kind ? `Archive: ${reportKindLabels[kind].toLowerCase()}s` : "Archive";
  return (
    <Card title={title}>
      {archive.isPending ? (
        <LoadingState label="Loading the archive" />
      ) : archive.isError ? (
        <ErrorState title="Could not load the archive" error={archive.error} onRetry={() => archive.refetch()} />
      ) : archive.data.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="archive-empty">
          No report has been generated yet. Every PDF downloaded from a report page is kept here.
        </p>
      ) : (
        <TableScroll label={title}>
          <table className="w-full text-left text-sm" data-testid="archive">
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <th scope="col" className="px-5 py-2 font-medium">
                  Report
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Tenants
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Period
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Generated
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {archive.data.items.map((item) => (
                <tr
                  key={item.id}
                  data-testid="archive-row"
                  data-report-id={item.id}
                  className="text-slate-800 dark:text-slate-200"
                >
                  <td className="px-5 py-2">
                    <Link
                      to={openPath(item.kind, item.query, item.incidentId)}
                      className="font-medium text-sky-800 underline-offset-2 hover:underline dark:text-sky-300"
                    >
                      {item.title}
                    </Link>
                  </td>
                  <td className="px-5 py-2">{item.subject}</td>
                  <td className="min-w-48 px-5 py-2">{item.periodLabel ?? "—"}</td>
                  <td className="px-5 py-2">
                    <span className="block whitespace-nowrap">{formatInZone(item.createdAt, zone)}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">by {item.createdBy}</span>
                  </td>
                  <td className="px-5 py-2">
                    <div className="flex justify-end gap-1">
                      <a
                        href={archiveFileUrl(item.id)}
                        download
                        className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                      >
                        <FileText aria-hidden className="size-4" /> PDF<span className="sr-only">: {item.fileName}</span>
                        <span className="text-xs text-slate-600 dark:text-slate-400">{size(item.size)}</span>
                      </a>
                      {canDelete && (
                        <ConfirmDialog
                          trigger={
                            <Button variant="dangerGhost" size="sm">
                              <Trash2 aria-hidden className="size-4" />
                              <span className="sr-only">Delete {item.fileName}</span>
                            </Button>
                          }
                          title="Delete this report?"
                          description={`${item.fileName} will be removed from the archive for everyone. The deletion is recorded in the audit log.`}
                          confirmLabel="Delete report"
                          onConfirm={() => {
                            setError(undefined);
                            remove.mutate(item.id, { onError: (e) => setError(errorMessage(e)) });
                          }}
                        />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Card>
  );
}
