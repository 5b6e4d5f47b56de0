import type { EventIngestReport, RuleImportReport } from "@watchfloor/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { UploadForm } from "@/components/triage/upload-form";
import { CheckboxField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { SmallTable, Stat } from "@/components/ui/report-parts";
import { Notice } from "@/components/ui/states";
import { detectionsKey } from "../api/get-detections";
import { uploadEventFile, uploadRuleFile } from "../api/upload-detections";

/** Import Sigma rules: one YAML file or a zip of a rules folder; the report names every refused rule. */
export function RuleImportCard() {
  const queryClient = useQueryClient();
  const [enable, setEnable] = useState(true);
  const [report, setReport] = useState<RuleImportReport | null>(null);
  return (
    <Card title="Import Sigma rules">
      <UploadForm
        permission="automation.manage"
        columns={2}
        upload={(file, { tenantId }, onProgress, signal) => uploadRuleFile(file, { tenantId, enable }, onProgress, signal)}
        onStart={() => setReport(null)}
        onDone={(r) => {
          setReport(r);
          void queryClient.invalidateQueries({ queryKey: detectionsKey });
        }}
        file={{
          label: "Rule file",
          hint: "A .yml file (one or more rules) or a .zip of a SigmaHQ rules folder.",
          accept: ".yml,.yaml,.zip",
        }}
        what="Sigma rules"
        noTenants={<Notice tone="info">Importing and enabling rules needs an owner or administrator.</Notice>}
        clearAfter
        options={(busy) => (
          <CheckboxField checked={enable} disabled={busy} onChange={setEnable}>
            Enable the imported rules now (otherwise they arrive switched off).
          </CheckboxField>
        )}
      />
      {report && <RuleImportResult report={report} />}
    </Card>
  );
}

function RuleImportResult({ report }: { report: RuleImportReport }) {
  return (
    <div className="mt-5 space-y-4" data-testid="rule-import-report">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Files" value={report.files} />
        <Stat label="Rules added" value={report.created} tone="good" />
        <Stat label="Rules replaced" value={report.updated} />
        <Stat label="Rules refused" value={report.refused.length} tone="bad" />
      </dl>
      {report.refused.length > 0 && (
        <SmallTable
          caption="Refused rules"
          testId="refused-rules"
          head={["File", "Rule", "Where", "Why"]}
          rows={report.refused.map((r) => [
            <span key="f" className="wrap-anywhere">
              {r.file}
            </span>,
            r.title ?? r.ruleId ?? "—",
            <span key="p" className="font-mono text-xs wrap-anywhere">
              {r.path}
            </span>,
            r.reason,
          ])}
        />
      )}
    </div>
  );
}

/** Run a file of raw Windows events through the enabled rules; matches become alerts. */
export function EventFileCard() {
  const queryClient = useQueryClient();
  const [report, setReport] = useState<EventIngestReport | null>(null);
  return (
    <Card title="Run an event file">
      <UploadForm
        columns={2}
        upload={(file, { tenantId }, onProgress, signal) => uploadEventFile(file, { tenantId }, onProgress, signal)}
        onStart={() => setReport(null)}
        onDone={(r) => {
          setReport(r);
          void queryClient.invalidateQueries({ queryKey: detectionsKey });
        }}
        file={{
          label: "Event file",
          hint: "Windows events as JSON (EVTX-as-JSON or Winlogbeat/ECS): one event, an array, or NDJSON.",
          accept: ".json,.ndjson,.jsonl,.txt,application/json",
        }}
        what="events"
        clearAfter
      />
      {report && (
        <div className="mt-5 space-y-3" data-testid="event-import-report">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label="Events read" value={report.received} />
            <Stat label="Events matched" value={report.matched} tone="good" />
            <Stat label="Alerts raised" value={report.alertsCreated} tone="good" />
            <Stat label="Alerts updated" value={report.alertsUpdated} />
          </dl>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {report.rulesEvaluated} enabled {report.rulesEvaluated === 1 ? "rule" : "rules"} ran; {report.unmatched}{" "}
            {report.unmatched === 1 ? "event" : "events"} matched nothing (counted, not stored).
          </p>
          {report.rejected.length > 0 && (
            <SmallTable
              caption="Events not read"
              testId="rejected-events"
              head={["Event", "Why"]}
              rows={report.rejected.map((r) => [r.index >= 0 ? String(r.index + 1) : "—", r.reason])}
            />
          )}
        </div>
      )}
    </Card>
  );
}
