import { type Priority, priorities } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { type QuarantineRow, useResubmit } from "../api/quarantine";

/** Best-effort prefill from the row's text: JSON rows give their keys; other rows start empty. */
function prefill(row: QuarantineRow) {
  let obj: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(row.raw) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) obj = parsed as Record<string, unknown>;
  } catch {
    // not JSON (CSV, TSV): nothing to prefill
  }
  const pick = (...keys: string[]) => {
    for (const k of keys) if (typeof obj[k] === "string" || typeof obj[k] === "number") return String(obj[k]);
    return "";
  };
  const priority = priorities.find((p) => p.toLowerCase() === pick("priority", "severity").toLowerCase()) ?? "Medium";
  return {
    name: pick("name", "title", "rule", "alert_name"),
    sourceId: pick("id", "sourceId", "source_id", "uid", "_id") || `${row.importId}-row-${row.row}`,
    priority,
    source: row.format.startsWith("sample") ? "sample" : row.format,
  };
}

export function ResubmitForm({ row, onDone }: { row: QuarantineRow; onDone: () => void }) {
  const [values, setValues] = useState(() => prefill(row));
  const resubmit = useResubmit();
  const errors = resubmit.error instanceof ApiRequestError ? resubmit.error.fieldErrors() : {};
  const err = (k: string) => errors[`alert.${k}`] ?? errors[k];

  async function submit(event: FormEvent) {
    event.preventDefault();
    await resubmit
      .mutateAsync({
        rowId: row.id,
        alert: {
          source: values.source,
          sourceId: values.sourceId,
          name: values.name,
          priority: values.priority as Priority,
          raw: row.raw,
        },
      })
      .then(onDone, () => undefined);
  }
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          label="Name"
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
          error={err("name")}
          required
        />
      </div>
      <SelectField
        label="Priority"
        value={values.priority}
        onChange={(e) => setValues({ ...values, priority: e.target.value as Priority })}
      >
        {[...priorities].reverse().map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Source id"
        value={values.sourceId}
        onChange={(e) => setValues({ ...values, sourceId: e.target.value })}
        error={err("sourceId")}
      />
      {resubmit.isError && Object.keys(errors).length === 0 && (
        <div className="sm:col-span-2">
          <Notice tone="error">{errorMessage(resubmit.error)}</Notice>
        </div>
      )}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={resubmit.isPending} disabled={!values.name.trim() || !values.sourceId.trim()}>
          Re-submit
        </Button>
      </div>
    </form>
  );
}
