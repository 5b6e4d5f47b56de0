import type { MdrSourceHealth } from "@watchfloor/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useSetExpected } from "../api/get-mdr";
import { sourceName } from "./mdr-parts";

/**
 * Sets how long a source may stay quiet before it counts as silent, in minutes (5 min to 7 days),
 * or hands the interval back to what its volume teaches.
 */
export function ExpectedIntervalDialog({ source, onClose }: { source: MdrSourceHealth; onClose: () => void }) {
  const [minutes, setMinutes] = useState(String(source.expectedMinutes));
  const save = useSetExpected();
  const send = (expectedMinutes: number | null) =>
    save.mutate({ tenantId: source.tenantId, tool: source.tool, sensor: source.sensor, expectedMinutes }, { onSuccess: onClose });

  return (
    <FormDialog
      title="Expected interval"
      description={`${sourceName(source)} in ${source.tenantName}`}
      onClose={onClose}
      onSubmit={() => send(Number(minutes))}
      submitLabel="Save"
      pending={save.isPending}
      error={save.error}
      testId="mdr-expected-form"
      actions={
        source.expectedFrom === "set" && (
          <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => send(null)}>
            Learn from volume again
          </Button>
        )
      }
    >
      {(errorOf) => (
        <TextField
          label="Silent after (minutes)"
          type="number"
          min={5}
          max={10_080}
          required
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          error={errorOf("expectedMinutes")}
          hint="Between 5 minutes and 7 days (10,080 minutes)."
        />
      )}
    </FormDialog>
  );
}
