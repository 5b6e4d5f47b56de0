import { incidentStatuses, priorities } from "@watchfloor/shared";
import { Search, Siren } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PriorityBadge, StatusBadge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { incidentPath } from "@/config/paths";
import { useIncidents } from "../api/get-incidents";

const selectClass = "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900";
const views = ["open", "closed", "all"] as const;

/** Incidents (cases): view, status, priority and text in the URL; keyset "Load more". */
export function IncidentsList() {
  const [params, setParams] = useSearchParams();
  const view = views.find((v) => v === params.get("view")) ?? "open";
  const query = {
    view,
    status: params.get("status") ?? undefined,
    priority: params.get("priority") ?? undefined,
    q: params.get("q") ?? undefined,
  };
  const incidents = useIncidents(query);
  const [q, setQ] = useState(query.q ?? "");
  useEffect(() => setQ(params.get("q") ?? ""), [params]);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const rows = incidents.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-2">
        <search className="relative min-w-0 flex-1 basis-56">
          <form
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              set("q", q.trim());
            }}
          >
            <label htmlFor="incident-search" className="sr-only">
              Search incidents
            </label>
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <input
              id="incident-search"
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="Title or reference, then Enter"
              className={`${inputClass} h-9 pl-9`}
            />
          </form>
        </search>
        {(
          [
            ["view", "View", views.map((v) => [v, v[0]?.toUpperCase() + v.slice(1)])],
            ["status", "Status", [["", "Any status"], ...incidentStatuses.map((s) => [s, s])]],
            ["priority", "Priority", [["", "Any priority"], ...[...priorities].reverse().map((p) => [p, p])]],
          ] as [string, string, string[][]][]
        ).map(([key, label, options]) => (
          <div key={key}>
            <label htmlFor={`incident-${key}`} className="sr-only">
              {label}
            </label>
            <select
              id={`incident-${key}`}
              className={selectClass}
              value={key === "view" ? view : (params.get(key) ?? "")}
              onChange={(e) => set(key, e.target.value)}
            >
              {options.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {incidents.isPending ? (
        <LoadingState label="Loading incidents" />
      ) : incidents.isError ? (
        <ErrorState error={incidents.error} onRetry={() => incidents.refetch()} title="Could not load incidents" />
      ) : rows.length === 0 ? (
        <EmptyState title="No incidents here" icon={<Siren aria-hidden className="size-8" />}>
          Escalate an alert from its page, or create an incident by hand.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full min-w-[820px] text-sm" data-testid="incidents-table">
            <caption className="sr-only">Incidents, newest first</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800/60 dark:text-slate-300">
              <tr>
                {["Incident", "Priority", "Status", "Owner", "Alerts", "Tenant", "Created", "Updated"].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2.5 whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.map((i) => (
                <tr key={i.id} data-testid="incident-row" className="align-top hover:bg-slate-50 dark:hover:bg-slate-800/40">
                  <td className="px-3 py-3">
                    <Link
                      to={incidentPath(i.id)}
                      className="font-medium text-slate-900 hover:text-sky-800 hover:underline dark:text-white"
                    >
                      {i.title}
                    </Link>
                    <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{i.reference}</p>
                  </td>
                  <td className="px-3 py-3">
                    <PriorityBadge priority={i.priority} />
                  </td>
                  <td className="px-3 py-3">
                    <StatusBadge status={i.status} />
                  </td>
                  <td className="px-3 py-3">{i.ownerName ?? <span className="text-slate-500 dark:text-slate-400">—</span>}</td>
                  <td className="px-3 py-3 tabular-nums">{i.alertCount}</td>
                  <td className="px-3 py-3">{i.tenantName}</td>
                  <td className="px-3 py-3">
                    <Time iso={i.createdAt} />
                  </td>
                  <td className="px-3 py-3">
                    <Time iso={i.updatedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {incidents.hasNextPage && (
        <div className="flex justify-end">
          <Button variant="secondary" size="sm" loading={incidents.isFetchingNextPage} onClick={() => incidents.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
