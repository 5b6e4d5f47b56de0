import type { MdrSourceHealth } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useSetExpected } from "../api/get-mdr";

/**
 * Sets how long a source may stay quiet before it counts as silent, in minutes (5 min to 7 days),
 * or hands the interval back to what its volume teaches.
 */
export function ExpectedIntervalDialog({ source, onClose }: { source: MdrSourceHealth; onClose: () => void }) {
  const [minutes, setMinutes] = useState(String(source.expectedMinutes));
  const save = useSetExpected();
  const fields = save.error instanceof ApiRequestError ? save.error.fieldErrors() : {};
  const name = source.sensor && source.sensor !== source.tool ? `${source.tool} / ${source.sensor}` : source.tool;
  const send = (expectedMinutes: number | null) =>
    save.mutate({ tenantId: source.tenantId, tool: source.tool, sensor: source.sensor, expectedMinutes }, { onSuccess: onClose });

  function submit(event: FormEvent) {
    event.preventDefault();
    send(Number(minutes));
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Expected interval"
      description={`${name} in ${source.tenantName}`}
    >
      <form onSubmit={submit} className="space-y-4" data-testid="mdr-expected-form">
        <TextField
          label="Silent after (minutes)"
          type="number"
          min={5}
          max={10_080}
          required
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          error={fields.expectedMinutes}
          hint="Between 5 minutes and 7 days (10,080 minutes)."
        />
        {save.isError && !fields.expectedMinutes && <Notice tone="error">{errorMessage(save.error)}</Notice>}
        <div className="flex flex-wrap justify-end gap-2">
          {source.expectedFrom === "set" && (
            <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => send(null)}>
              Learn from volume again
            </Button>
          )}
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
