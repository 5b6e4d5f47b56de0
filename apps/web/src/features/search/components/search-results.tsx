import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { PriorityBadge, StatusBadge } from "@/components/ui/badges";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { alertPath, findingAssetPath, findingPath, incidentPath, paths } from "@/config/paths";
import { searchPreviewSize, useSearchResults } from "../api/get-search-results";

type Row = { id: string; to: string; title: string; detail: string; badges?: React.ReactNode; at?: string | null };

function Section({
  title,
  rows,
  more,
  seeAll,
  empty,
}: {
  title: string;
  rows: Row[];
  more: boolean;
  seeAll?: string;
  empty: string;
}) {
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid={`search-${title.toLowerCase()}`}>
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <Link to={row.to} className="min-w-0 flex-1 font-medium text-sky-800 hover:underline dark:text-sky-300">
                {row.title}
              </Link>
              {row.badges}
              <span className="w-full text-xs text-slate-600 dark:text-slate-400">
                {row.detail}
                {row.at ? (
                  <>
                    {" · "}
                    <Time iso={row.at} mode="relative" />
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {seeAll && (
        <p className="mt-3 text-sm">
          <Link to={seeAll} className="font-medium text-sky-800 hover:underline dark:text-sky-300">
            {more ? `See all ${title.toLowerCase()} matching` : `Open the ${title.toLowerCase()} list with this search`}
          </Link>
        </p>
      )}
    </Card>
  );
}

/** Alerts, incidents, vulnerabilities and assets matching the header search, a few of each. */
export function SearchResults({ q }: { q: string }) {
  const results = useSearchResults(q);
  if (results.isPending) return <LoadingState label="Searching" />;
  if (results.isError) return <ErrorState error={results.error} onRetry={() => results.refetch()} title="Search failed" />;
  const { alerts, incidents, findings, assets } = results.data;
  const query = (extra: Record<string, string> = {}) => `?${new URLSearchParams({ ...extra, q })}`;
  const more = (page: { nextCursor: string | null }) => page.nextCursor !== null;
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Section
        title="Alerts"
        empty="No alert matches."
        more={more(alerts)}
        seeAll={`${paths.incidents.all}${query()}`}
        rows={alerts.items.map((a) => ({
          id: a.id,
          to: alertPath(a.id),
          title: a.name,
          detail: [a.tenantName, a.rule, a.assignee ?? "unassigned"].filter(Boolean).join(" · "),
          badges: (
            <>
              <PriorityBadge priority={a.priority} />
              <StatusBadge status={a.status} />
            </>
          ),
          at: a.detectedAt,
        }))}
      />
      <Section
        title="Incidents"
        empty="No incident matches."
        more={more(incidents)}
        seeAll={`${paths.incidents.cases}${query({ view: "all" })}`}
        rows={incidents.items.map((i) => ({
          id: i.id,
          to: incidentPath(i.id),
          title: `${i.reference} ${i.title}`,
          detail: [i.tenantName, i.ownerName ?? "no owner", `${i.alertCount} alerts`].join(" · "),
          badges: (
            <>
              <PriorityBadge priority={i.priority} />
              <StatusBadge status={i.status} />
            </>
          ),
          at: i.createdAt,
        }))}
      />
      <Section
        title="Vulnerabilities"
        empty="No vulnerability matches."
        more={more(findings)}
        seeAll={`${paths.risk.vulnerabilities}${query({ view: "all" })}`}
        rows={findings.items.map((f) => ({
          id: f.id,
          to: findingPath(f.id),
          title: f.title,
          detail: [f.tenantName, `${f.assetKey} ${f.assetName}`, f.status].join(" · "),
          badges: <PriorityBadge priority={f.priority} />,
        }))}
      />
      <Section
        title="Assets"
        empty="No asset matches."
        more={more(assets)}
        rows={assets.items.map((a) => ({
          id: a.id,
          to: findingAssetPath(a.id),
          title: `${a.assetKey} ${a.name}`,
          detail: [
            a.tenantName,
            a.type,
            a.identities
              .map((x) => x.value)
              .slice(0, 3)
              .join(", "),
            `${a.openFindings} open findings`,
          ]
            .filter(Boolean)
            .join(" · "),
        }))}
      />
      <p className="text-xs text-slate-600 xl:col-span-2 dark:text-slate-400">
        Up to {searchPreviewSize} of each kind, newest or most relevant first, in the tenants picked in the header.
      </p>
    </div>
  );
}
