import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { paths } from "@/config/paths";
import type { ImportReport } from "@/features/imports/api/upload-import";
import { ImportForm } from "@/features/imports/components/import-form";
import { ImportReportView } from "@/features/imports/components/import-report";
import { QuarantineList } from "@/features/imports/components/quarantine-list";
import { useCan } from "@/lib/permissions";

export function ImportRoute() {
  const [report, setReport] = useState<ImportReport | null>(null);
  const isAdmin = useCan("imports.manage");
  return (
    <>
      <Link
        to={paths.incidents.open}
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-sky-800 hover:underline dark:text-sky-300"
      >
        <ArrowLeft aria-hidden className="size-4" /> Open alerts
      </Link>
      <PageHeader
        title="Import alerts"
        description="Upload a file of alerts: the spec's sample JSON or CSV, Wazuh, Suricata EVE, ECS, OCSF, TheHive or Zeek. Re-importing updates alerts with the same source id."
        actions={
          isAdmin ? (
            <Link to={paths.incidents.quarantine} className={buttonClass("secondary", "sm")}>
              Quarantine
            </Link>
          ) : undefined
        }
      />
      <div className="space-y-6">
        <ImportForm onReport={setReport} />
        {report && (
          <ImportReportView
            report={report}
            quarantineLink={
              isAdmin ? (
                <Link
                  to={`${paths.incidents.quarantine}?importId=${encodeURIComponent(report.importId)}`}
                  className={buttonClass("secondary", "sm")}
                >
                  Open in quarantine
                </Link>
              ) : undefined
            }
          />
        )}
      </div>
    </>
  );
}

export function QuarantineRoute() {
  const [params] = useSearchParams();
  const importId = params.get("importId");
  return (
    <>
      <Link
        to={paths.incidents.import}
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-sky-800 hover:underline dark:text-sky-300"
      >
        <ArrowLeft aria-hidden className="size-4" /> Import alerts
      </Link>
      <PageHeader
        title="Import quarantine"
        description={
          importId
            ? "Rejected rows of one import. Fix and re-submit them, or discard them."
            : "Rejected rows of every import in scope. Fix and re-submit them, or discard them."
        }
        actions={
          importId ? (
            <Link to={paths.incidents.quarantine} className={buttonClass("secondary", "sm")}>
              Show all imports
            </Link>
          ) : undefined
        }
      />
      <QuarantineList importId={importId} />
    </>
  );
}
