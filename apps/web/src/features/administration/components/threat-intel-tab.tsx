import { useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { fileInputClass } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { rejectedRows, SmallTable } from "@/components/ui/report-parts";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { UploadProgress } from "@/components/ui/upload-progress";
import { errorMessage } from "@/lib/api-client";
import { type IntelFeed, type IntelImportReport, intelStatusQueryOptions, uploadIntelFile, useIntelStatus } from "../api/intel";

const feeds: { feed: IntelFeed; title: string; file: string; accept: string; about: string }[] = [
  {
    feed: "kev",
    title: "CISA KEV catalog",
    file: "Catalog file (JSON or CSV)",
    accept: ".json,.csv,application/json,text/csv",
    about: "known_exploited_vulnerabilities.json or .csv from CISA. Findings with a listed CVE are flagged KEV.",
  },
  {
    feed: "epss",
    title: "FIRST EPSS scores",
    file: "Daily scores file (CSV)",
    accept: ".csv,text/csv",
    about: "The epss_scores CSV (cve, epss, percentile). Findings show the highest EPSS of their CVEs.",
  },
  {
    feed: "cwe",
    title: "CWE list",
    file: "CWE list (JSON or CSV)",
    accept: ".json,.csv,application/json,text/csv",
    about: "MITRE's CWE CSV or a JSON list of id and name. Findings then show the weakness name beside its id.",
  },
];
const feedName: Record<IntelFeed, string> = { kev: "CISA KEV", epss: "EPSS", cwe: "CWE names" };

/** Platform admins load the shared vulnerability intelligence; every tenant's findings are re-ranked. */
export function ThreatIntelTab() {
  return (
    <div className="space-y-6">
      <LoadedIntel />
      <div className="grid gap-6 xl:grid-cols-3">
        {feeds.map((f) => (
          <IntelUpload key={f.feed} {...f} />
        ))}
      </div>
    </div>
  );
}

function LoadedIntel() {
  const status = useIntelStatus();
  return (
    <Card title="Loaded now">
      {status.isPending ? (
        <LoadingState label="Loading intelligence status" />
      ) : status.isError ? (
        <ErrorState error={status.error} onRetry={() => status.refetch()} />
      ) : status.data.every((f) => f.entries === 0) ? (
        <EmptyState title="No intelligence loaded yet">
          Findings show no KEV flag, EPSS or CWE names until a file is loaded below.
        </EmptyState>
      ) : (
        <div className="@container">
          <ul className="grid gap-3 @2xl:grid-cols-3" data-testid="intel-status">
            {status.data.map((f) => (
              <li key={f.feed} className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800">
                <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{feedName[f.feed]}</p>
                <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
                  {f.entries.toLocaleString("en")}{" "}
                  <span className="text-sm font-normal text-slate-600 dark:text-slate-400">entries</span>
                </p>
                {f.loadedAt ? (
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
                    {(
                      [
                        ["Version", f.version ?? "—"],
                        ["Released", <Time key="r" iso={f.released} mode="absolute" />],
                        [
                          "File",
                          <span key="n" className="break-words">
                            {f.filename ?? "—"}
                          </span>,
                        ],
                        [
                          "Loaded",
                          <span key="l">
                            <Time iso={f.loadedAt} mode="absolute" />
                            {f.loadedBy ? ` by ${f.loadedBy}` : ""}
                          </span>,
                        ],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label} className="contents">
                        <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                        <dd className="min-w-0 text-slate-900 dark:text-slate-100">{value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : (
                  <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Not loaded yet.</p>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

function IntelUpload({ feed, title, file: fileLabel, accept, about }: (typeof feeds)[number]) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [report, setReport] = useState<IntelImportReport | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setReport(null);
    setProgress(0);
    try {
      setReport(await uploadIntelFile(feed, file, setProgress));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: intelStatusQueryOptions.queryKey }),
        // KEV flags and EPSS ranks of every tenant's findings changed.
        queryClient.invalidateQueries({ queryKey: ["findings"] }),
      ]);
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  }

  return (
    <Card title={title}>
      <form className="space-y-3" onSubmit={submit} aria-label={`Load ${title}`}>
        <p className="text-sm text-slate-600 dark:text-slate-400">{about}</p>
        <div>
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            {fileLabel}
          </label>
          <input
            id={inputId}
            type="file"
            accept={accept}
            disabled={progress !== null}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className={fileInputClass}
          />
        </div>
        {progress !== null && <UploadProgress progress={progress} />}
        <Button type="submit" disabled={!file} loading={progress !== null}>
          <Upload aria-hidden className="size-4" /> Load
        </Button>
        {error != null && <Notice tone="error">{errorMessage(error)}</Notice>}
        {report && <IntelReport report={report} />}
      </form>
    </Card>
  );
}

function IntelReport({ report }: { report: IntelImportReport }) {
  const affected = report.feed === "kev" ? "newly flagged KEV" : report.feed === "epss" ? "re-ranked" : null;
  return (
    <div className="space-y-3" data-testid={`intel-report-${report.feed}`}>
      <Notice tone={report.rejectedCount ? "error" : "success"}>
        Loaded {report.loaded.toLocaleString("en")} of {report.rowsRead.toLocaleString("en")} entries from{" "}
        <span className="font-medium break-words">{report.filename ?? "the file"}</span> ({report.format}
        {report.version ? `, version ${report.version}` : ""}).
        {affected && ` ${report.findingsUpdated.toLocaleString("en")} finding(s) ${affected}.`}
        {report.rejectedCount > 0 && ` ${report.rejectedCount} entries were rejected.`}
      </Notice>
      {report.rejectedCount > 0 && (
        <SmallTable
          caption="Rejected entries"
          testId="intel-rejected"
          head={["Row", "Field", "Reason"]}
          rows={rejectedRows(report.rejected)}
        />
      )}
    </div>
  );
}
