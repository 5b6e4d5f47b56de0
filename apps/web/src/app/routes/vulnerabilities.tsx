import { ArrowLeft, Upload } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { paths } from "@/config/paths";
import type { ScanImportReport } from "@/features/vulnerabilities/api/upload-scan";
import { AssetDetailView } from "@/features/vulnerabilities/components/asset-detail";
import { FindingDetailView } from "@/features/vulnerabilities/components/finding-detail";
import { FindingsList } from "@/features/vulnerabilities/components/findings-list";
import { ScanImportForm } from "@/features/vulnerabilities/components/scan-import-form";
import { ScanImportReportView } from "@/features/vulnerabilities/components/scan-import-report";
import { useCan } from "@/lib/permissions";

/** Risk → Vulnerabilities: the vulnerable-asset list. */
export function VulnerabilitiesRoute() {
  const canWrite = useCan("data.write");
  return (
    <>
      <PageHeader
        title="Vulnerabilities"
        description="Scanner findings on the assets in scope, with CISA KEV and EPSS. Overdue: past the tenant's remediation SLA."
        actions={
          canWrite ? (
            <Link to={paths.risk.scanImport} className={buttonClass("primary", "sm")}>
              <Upload aria-hidden className="size-4" /> Import scan
            </Link>
          ) : undefined
        }
      />
      <FindingsList />
    </>
  );
}

export function FindingRoute() {
  const { findingId = "" } = useParams();
  return <FindingDetailView key={findingId} findingId={findingId} />;
}

export function AssetRoute() {
  const { assetId = "" } = useParams();
  return <AssetDetailView key={assetId} assetId={assetId} />;
}

export function ScanImportRoute() {
  const [report, setReport] = useState<ScanImportReport | null>(null);
  return (
    <>
      <Link
        to={paths.risk.vulnerabilities}
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-sky-800 hover:underline dark:text-sky-300"
      >
        <ArrowLeft aria-hidden className="size-4" /> Vulnerabilities
      </Link>
      <PageHeader
        title="Import a scan"
        description="Upload a scanner report. Findings are matched to assets by host name, IP or image; re-importing updates them, and a full scan closes as Fixed what it no longer reports."
      />
      <div className="space-y-6">
        <ScanImportForm onReport={setReport} />
        {report && <ScanImportReportView report={report} />}
      </div>
    </>
  );
}
