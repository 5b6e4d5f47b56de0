import type { ComplianceTargetKind } from "@watchfloor/shared";
import { Download } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { SmallTable } from "@/components/ui/report-parts";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { complianceControlPath } from "@/config/paths";
import { failingExportPath, useFailingControls } from "../api/get-compliance";
import { SeverityBadge } from "@/components/ui/compliance-badges";

/** Controls failing in the latest scans, most severe and widespread first; excepted failures are not counted. */
export function FailingControls({ targetKind }: { targetKind?: ComplianceTargetKind }) {
  const failing = useFailingControls({ targetKind, limit: 15 });
  return (
    <Card
      title="Failing controls"
      actions={
        <a href={failingExportPath({ targetKind })} className={buttonClass("secondary", "sm")} download>
          <Download aria-hidden className="size-4" /> CSV
        </a>
      }
    >
      {failing.isError ? (
        <ErrorState error={failing.error} onRetry={() => failing.refetch()} />
      ) : failing.isPending ? (
        <LoadingState label="Loading failing controls" />
      ) : failing.data.items.length === 0 ? (
        <EmptyState title="No failing controls">Every control in the latest scans passes or is excepted.</EmptyState>
      ) : (
        <>
          <SmallTable
            caption="Failing controls"
            testId="failing-controls"
            head={["Control", "Severity", "Failing", "Targets", "Excepted"]}
            rows={failing.data.items.map((c) => [
              <Link
                key="c"
                to={complianceControlPath(c.tool, c.controlId)}
                className="font-medium text-sky-800 hover:underline dark:text-sky-300"
              >
                {c.title}
                <span className="block text-xs font-normal break-all text-slate-600 dark:text-slate-400">
                  {c.tool} · {c.controlId}
                </span>
              </Link>,
              <SeverityBadge key="s" severity={c.severity} />,
              c.failing,
              c.targets,
              c.excepted,
            ])}
          />
          {failing.data.total > failing.data.items.length && (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              The {failing.data.items.length} most severe of {failing.data.total}; the checks list below has them all.
            </p>
          )}
        </>
      )}
    </Card>
  );
}
