import { alertImportFormats } from "@watchfloor/shared";
import { UploadForm } from "@/components/triage/upload-form";
import { type ImportReport, uploadAlertFile } from "../api/upload-import";

const formats = alertImportFormats.map((f) => ({ value: f, label: f }));

/** The kit's upload form for alert files (JSON, JSON lines, CSV, Zeek logs). */
export function ImportForm({ onReport }: { onReport: (report: ImportReport) => void }) {
  return (
    <UploadForm
      upload={uploadAlertFile}
      onDone={onReport}
      formats={formats}
      file={{
        label: "File",
        hint: "JSON, JSON lines, CSV or Zeek logs",
        accept: ".json,.jsonl,.ndjson,.csv,.log,.tsv,.txt,application/json,text/csv",
      }}
      what="alerts"
      card
    />
  );
}
