import { type ComplianceResultItem, complianceResults, complianceSeverities } from "@watchfloor/shared";
import { ChevronDown, ChevronRight, Download } from "lucide-react";
import { Fragment, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { TableScroll } from "@/components/ui/table-scroll";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { complianceControlPath, complianceTargetPath } from "@/config/paths";
import { useCan } from "@/lib/permissions";
import { type ResultsParams, resultsExportPath, useResults } from "../api/get-compliance";
import { ResultBadge, SeverityBadge } from "@/components/ui/compliance-badges";
import { ExceptionDialog } from "./exception-dialog";

const PAGE = 50;
/** The API's page limit: past it, filters or the CSV. */
const MAX = 500;
type Filters = { result: string; severity: string; q: string; service: string; region: string };
const resultLabel = (r: string) => r.replace("_", " ");

function Detail({ row }: { row: ComplianceResultItem }) {
  const canAccept = useCan("risk.accept", row.tenantId);
  const [accepting, setAccepting] = useState(false);
  const open = (row.result === "fail" || row.result === "error") && !row.exceptionId;
  return (
    <div className="space-y-3 bg-slate-50 px-5 py-3 text-sm dark:bg-slate-950/40">
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {row.resourceId && <Pair label="Resource" value={row.resourceId} />}
        {row.resourceType && <Pair label="Type" value={row.resourceType} />}
        <Pair label="Benchmark" value={row.benchmarkId} />
        <Pair label="Scanned" value={new Date(row.scannedAt).toLocaleString()} />
      </dl>
      <div>
        <p className="text-xs font-semibold text-slate-700 uppercase dark:text-slate-300">Evidence</p>
        <pre className="mt-1 max-h-48 overflow-auto rounded bg-white p-2 text-xs whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-800">
          {row.evidence ?? "The tool gave no output for this check."}
        </pre>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={complianceControlPath(row.tool, row.controlId)} className={buttonClass("secondary", "sm")}>
          Control across targets
        </Link>
        <Link to={complianceTargetPath(row)} className={buttonClass("secondary", "sm")}>
          All checks of {row.targetId}
        </Link>
        {open && canAccept && (
          <Button size="sm" variant="secondary" onClick={() => setAccepting(true)}>
            Accept as exception
          </Button>
        )}
      </div>
      {accepting && <ExceptionDialog result={row} open={accepting} onOpenChange={setAccepting} />}
    </div>
  );
}

const Pair = ({ label, value }: { label: string; value: string }) => (
  <div className="flex min-w-0 gap-2">
    <dt className="shrink-0 text-slate-600 dark:text-slate-400">{label}</dt>
    <dd className="min-w-0 break-all text-slate-900 dark:text-slate-100">{value}</dd>
  </div>
);

/**
 * Results with their filters, newest scans only unless `fixed` asks for history; a row opens to
 * its evidence and, for a failure someone may accept, the exception dialog.
 */
export function ResultsTable({
  fixed,
  initial,
  showTarget = true,
  cloud = false,
  caption,
}: {
  fixed: ResultsParams;
  initial?: Partial<Filters>;
  showTarget?: boolean;
  cloud?: boolean;
  caption: string;
}) {
  const [filters, setFilters] = useState<Filters>({ result: "", severity: "", q: "", service: "", region: "", ...initial });
  const [draft, setDraft] = useState(filters.q);
  const [limit, setLimit] = useState(PAGE);
  const [expanded, setExpanded] = useState<string | null>(null);
  const params: ResultsParams = {
    ...fixed,
    ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
    ...(filters.result === "open" ? { result: undefined, open: true } : {}),
    limit,
  };
  const results = useResults(params);
  const set = (key: keyof Filters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setLimit(PAGE);
  };
  // Control, severity, result and the details toggle, with the optional target, service and region.
  const columns = 4 + (showTarget ? 1 : 0) + (cloud ? 2 : 0);
  return (
    <div>
      <form
        className={`mb-4 grid gap-3 sm:grid-cols-2 [&>*]:min-w-0 ${cloud ? "lg:grid-cols-5" : "lg:grid-cols-3"}`}
        onSubmit={(e) => {
          e.preventDefault();
          set("q", draft.trim());
        }}
      >
        <TextField
          label="Find a control or resource"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => set("q", draft.trim())}
        />
        <SelectField label="Result" value={filters.result} onChange={(e) => set("result", e.target.value)}>
          <option value="">Any result</option>
          <option value="open">Failing, not excepted</option>
          {complianceResults.map((r) => (
            <option key={r} value={r}>
              {resultLabel(r)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Severity" value={filters.severity} onChange={(e) => set("severity", e.target.value)}>
          <option value="">Any severity</option>
          {complianceSeverities.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        {cloud && <TextField label="Service" value={filters.service} onChange={(e) => set("service", e.target.value.trim())} />}
        {cloud && <TextField label="Region" value={filters.region} onChange={(e) => set("region", e.target.value.trim())} />}
      </form>
      {results.isError ? (
        <ErrorState error={results.error} onRetry={() => results.refetch()} />
      ) : results.isPending ? (
        <LoadingState label="Loading results" />
      ) : results.data.items.length === 0 ? (
        <EmptyState title="No results match">Change the filters to see more.</EmptyState>
      ) : (
        <>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="results-total">
              {results.data.total} {results.data.total === 1 ? "result" : "results"}
            </p>
            <a href={resultsExportPath(params)} className={buttonClass("secondary", "sm")} download>
              <Download aria-hidden className="size-4" /> CSV
            </a>
          </div>
          <TableScroll label={caption}>
            <table className="w-full min-w-[640px] text-sm" data-testid="results-table">
              <caption className="sr-only">{caption}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs font-semibold text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400">
                  <th scope="col" className="px-5 py-2">
                    Control
                  </th>
                  {showTarget && (
                    <th scope="col" className="px-3 py-2">
                      Target
                    </th>
                  )}
                  {cloud && (
                    <th scope="col" className="px-3 py-2">
                      Service
                    </th>
                  )}
                  {cloud && (
                    <th scope="col" className="px-3 py-2">
                      Region
                    </th>
                  )}
                  <th scope="col" className="px-3 py-2">
                    Severity
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Result
                  </th>
                  <th scope="col" className="px-5 py-2">
                    <span className="sr-only">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {results.data.items.map((r) => (
                  <Fragment key={r.id}>
                    <tr data-testid="result-row" data-control={r.controlId}>
                      <td className="px-5 py-2 align-top">
                        <span className="block font-medium text-slate-900 dark:text-slate-100">{r.title}</span>
                        <span className="block text-xs break-all text-slate-600 dark:text-slate-400">
                          {r.tool} · {r.controlId}
                          {r.resourceId && !showTarget && r.resourceId !== r.targetId ? ` · ${r.resourceId}` : ""}
                        </span>
                      </td>
                      {showTarget && (
                        <td className="px-3 py-2 align-top text-slate-800 dark:text-slate-200">
                          {r.targetId}
                          {r.resourceId && r.resourceId !== r.targetId && (
                            <span className="block text-xs break-all text-slate-600 dark:text-slate-400">{r.resourceId}</span>
                          )}
                        </td>
                      )}
                      {cloud && <td className="px-3 py-2 align-top">{r.service ?? "—"}</td>}
                      {cloud && <td className="px-3 py-2 align-top">{r.region ?? "—"}</td>}
                      <td className="px-3 py-2 align-top">
                        <SeverityBadge severity={r.severity} />
                      </td>
                      <td className="px-3 py-2 align-top">
                        <ResultBadge result={r.result} excepted={r.exceptionId !== null} />
                      </td>
                      <td className="px-5 py-2 text-right align-top">
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-expanded={expanded === r.id}
                          aria-label={`${expanded === r.id ? "Hide" : "Show"} evidence of ${r.title}`}
                          onClick={() => setExpanded(expanded === r.id ? null : r.id)}
                        >
                          {expanded === r.id ? (
                            <ChevronDown aria-hidden className="size-4" />
                          ) : (
                            <ChevronRight aria-hidden className="size-4" />
                          )}
                        </Button>
                      </td>
                    </tr>
                    {expanded === r.id && (
                      <tr>
                        <td colSpan={columns} className="p-0">
                          <Detail row={r} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {results.data.total > results.data.items.length && (
            <div className="mt-3 flex justify-center">
              {limit < MAX ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setLimit((l) => Math.min(MAX, l + PAGE))}
                  loading={results.isFetching}
                >
                  Show more ({results.data.total - results.data.items.length} left)
                </Button>
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  The first {MAX} are shown: narrow the filters, or download the CSV for all of them.
                </p>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
