import { type DrpFeed, type DrpImportReport, drpFeeds, roleCan, type Tenant } from "@watchfloor/shared";
import { useState } from "react";
import { ImportReportView } from "@/components/triage/import-report";
import { UploadForm, type Uploader } from "@/components/triage/upload-form";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { uploadDrpFeed, useScanAlerts } from "../api/findings";

const feedLabels: Record<DrpFeed, { label: string; hint: string }> = {
  "newly-registered": { label: "Newly registered domains", hint: "One domain per line; # comments and blank lines are ignored." },
  "cert-transparency": {
    label: "Certificate transparency",
    hint: "JSON lines or a JSON array: crt.sh exports (name_value), or objects with names or dns_names.",
  },
  "leaked-credentials": {
    label: "Leaked credentials",
    hint: "CSV with a header, or JSON, of email, source and date. Passwords are never stored.",
  },
  "dns-log": {
    label: "DNS log",
    hint: "Zeek dns.log (TSV or JSON), Suricata EVE dns events, ECS JSON, or BIND and dnsmasq query logs.",
  },
  "proxy-log": {
    label: "Proxy log",
    hint: "Squid access.log, Zeek http.log (TSV or JSON), Suricata EVE http events, ECS JSON, or lines with URLs.",
  },
};

function Report({ report }: { report: DrpImportReport }) {
  return (
    <ImportReportView
      report={{ ...report, format: feedLabels[report.feed].label }}
      outcome={{ clean: "Every line was read.", attention: "Some lines were rejected." }}
      stats={[
        { label: "Lines read", value: report.rowsRead },
        { label: "New findings", value: report.created, tone: "good" },
        { label: "Seen again", value: report.updated },
        { label: "High confidence", value: report.highConfidence },
        { label: "Rejected", value: report.rejectedCount, tone: "bad" },
      ]}
      skippedTitle="Not kept"
      rejected={{
        title: "Rejected lines",
        text: "These lines were not imported; they are kept in the import quarantine with the reason (leak lines without any password).",
        more: ".",
      }}
      notes={{ title: "Notes", text: "", testId: "drp-notes", column: "Note" }}
    />
  );
}

/** Feed upload (newly registered domains, certificate transparency, leaked credentials) and the alert scan. */
export function FeedImport({ tenants }: { tenants: Tenant[] }) {
  const queryClient = useQueryClient();
  const writers = tenants.filter((t) => roleCan(t.role, "data.write"));
  const [feed, setFeed] = useState<DrpFeed>("newly-registered");
  const [report, setReport] = useState<DrpImportReport | null>(null);
  const [scanTenant, setScanTenant] = useState(writers[0]?.id ?? "");
  const scan = useScanAlerts();
  if (writers.length === 0) return null;
  const upload: Uploader<DrpImportReport> = async (file, options, onProgress, signal) => {
    const result = await uploadDrpFeed(file, { tenantId: options.tenantId, feed }, onProgress, signal);
    void queryClient.invalidateQueries({ queryKey: ["drp", "findings"] });
    return result;
  };
  return (
    <div className="space-y-6">
      <Card title="Import a feed">
        <UploadForm
          upload={upload}
          onDone={setReport}
          onStart={() => setReport(null)}
          tenantIds={writers.map((t) => t.id)}
          file={{
            label: "Feed file",
            hint: feedLabels[feed].hint,
            accept: ".txt,.csv,.json,.jsonl,.ndjson,text/plain,text/csv,application/json",
          }}
          what="DRP feeds"
          clearAfter
          options={(busy) => (
            <div className="max-w-md">
              <SelectField label="Feed" value={feed} disabled={busy} onChange={(e) => setFeed(e.target.value as DrpFeed)}>
                {drpFeeds.map((f) => (
                  <option key={f} value={f}>
                    {feedLabels[f].label}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
        />
      </Card>
      {report && <Report report={report} />}
      <Card title="Scan recent alerts">
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          Matches the host names in the last 30 days of alerts (host name, title, description and raw event) against the watched
          assets.
        </p>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            scan.mutate({ tenantId: scanTenant, days: 30 });
          }}
        >
          {writers.length > 1 && (
            <div className="w-64">
              <SelectField label="Tenant" value={scanTenant} onChange={(e) => setScanTenant(e.target.value)}>
                {writers.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          <Button type="submit" variant="secondary" loading={scan.isPending}>
            Scan recent alerts
          </Button>
        </form>
        <div className="mt-3" aria-live="polite">
          {scan.isError && <Notice tone="error">{errorMessage(scan.error)}</Notice>}
          {scan.data && (
            <Notice tone="success">
              Scanned {scan.data.alertsScanned} alerts ({scan.data.hostsSeen} host names): {scan.data.created} new findings,{" "}
              {scan.data.updated} seen again.
            </Notice>
          )}
        </div>
      </Card>
    </div>
  );
}
