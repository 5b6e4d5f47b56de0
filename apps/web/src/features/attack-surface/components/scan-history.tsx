import { Badge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { useSurfaceImports } from "../api/get-surface-imports";

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The nmap imports of the tenants in scope, newest first: what each scan found and what it changed. */
export function ScanHistory({ showTenant }: { showTenant: boolean }) {
  const imports = useSurfaceImports();
  const { preferences } = useCurrentUser();
  const items = imports.data?.items ?? [];
  return (
    <Card title="Scan history">
      {imports.isPending ? (
        <LoadingState label="Loading the scan history" />
      ) : imports.isError ? (
        <ErrorState title="Could not load the scan history" error={imports.error} onRetry={() => imports.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No scan imported yet.</p>
      ) : (
        <ol
          aria-label="nmap imports, newest first"
          className="-my-2 divide-y divide-slate-100 dark:divide-slate-800"
          data-testid="scan-history"
        >
          {items.map((i) => (
            <li key={i.id} className="py-2.5 text-sm" data-testid="scan-history-item">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium break-all text-slate-900 dark:text-white">
                  {i.filename ?? "Scan without a file name"}
                </span>
                {i.baseline && <Badge color="slate">Baseline</Badge>}
                {showTenant && <span className="text-xs text-slate-600 dark:text-slate-400">{i.tenantName}</span>}
              </div>
              <div className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                Scanned {formatDateTime(i.scannedAt, preferences)}
                {i.nmapVersion && ` with nmap ${i.nmapVersion}`} · imported {formatDateTime(i.createdAt, preferences)}
                {i.createdBy && ` by ${i.createdBy}`}
              </div>
              <div className="mt-1 text-slate-800 dark:text-slate-200">
                {count(i.hosts, "host")} · {count(i.servicesOpen, "open service")}
                {!i.baseline && ` · ${i.servicesNew} new`} · {i.servicesClosed} closed · {count(i.certificates, "certificate")}
                {i.rejected > 0 && (
                  <span className="text-red-800 dark:text-red-300"> · {count(i.rejected, "host")} rejected</span>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
