import type { SurfaceImportReport } from "@watchfloor/shared";
import { rejectedRows, SmallTable, Stat } from "@/components/ui/report-parts";
import { Notice } from "@/components/ui/states";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";

/** What one nmap import did: hosts, services new / seen again / closed, certificates, and what was refused. */
export function ScanReport({ report: r }: { report: SurfaceImportReport }) {
  const { preferences } = useCurrentUser();
  const rows = rejectedRows(r.rejected);
  return (
    <section aria-labelledby="scan-report-title" className="space-y-4" data-testid="scan-report">
      <Notice tone="success">
        <span id="scan-report-title" className="font-medium">
          Imported {r.filename ?? "the scan"}
        </span>{" "}
        (nmap {r.nmapVersion ?? "version not stated"}, scanned {formatDateTime(r.scannedAt, preferences)}): {r.hosts}{" "}
        {r.hosts === 1 ? "host" : "hosts"}, {r.internetFacingHosts} on public addresses; assets: {r.assetsCreated} new,{" "}
        {r.assetsMatched} already known.
      </Notice>
      {r.baseline && (
        <Notice tone="info">
          This is the first scan of this tenant: its open ports are the baseline. Later scans mark what opened since as new, and
          what went away as closed.
        </Notice>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label="Open services" value={r.services.open} />
        <Stat label="New services" value={r.services.new} tone={r.baseline ? undefined : "bad"} />
        <Stat label="Seen again" value={r.services.seen} />
        <Stat label="Closed" value={r.services.closed} tone="good" />
        <Stat label="Certificates" value={r.certificates.total} />
        <Stat label="Rejected hosts" value={r.rejectedCount} tone="bad" />
      </dl>
      {r.skipped.length > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Skipped: {r.skipped.map((s) => `${s.count} ${s.reason}`).join(", ")}.
          {r.services.notOpen > 0 && ` ${r.services.notOpen} scanned ports were closed or filtered (not exposures).`}
        </p>
      )}
      {rows.length > 0 && (
        <SmallTable caption="Rejected hosts and why" head={["Line", "Field", "Reason"]} rows={rows} testId="scan-rejected" />
      )}
    </section>
  );
}
