import type { MdrCoverageSource } from "@watchfloor/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useSetComponents } from "../api/get-mdr";
import { sourceName } from "./mdr-parts";

/** Chooses the ATT&CK data components one source supplies, or hands it back to the defaults by name. */
export function SourceComponentsDialog({
  tenantId,
  source,
  components,
  onClose,
}: {
  tenantId: string;
  source: MdrCoverageSource;
  components: { id: string; name: string }[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>(source.components);
  const [filter, setFilter] = useState("");
  const save = useSetComponents();
  const send = (list: string[] | null) =>
    save.mutate({ tenantId, tool: source.tool, sensor: source.sensor, components: list }, { onSuccess: onClose });
  const shown = components.filter((c) => `${c.id} ${c.name}`.toLowerCase().includes(filter.trim().toLowerCase()));
  const toggle = (id: string) => setChosen((old) => (old.includes(id) ? old.filter((x) => x !== id) : [...old, id]));
  return (
    <FormDialog
      title="Data components"
      description={`What ${sourceName(source)} collects`}
      onClose={onClose}
      onSubmit={() => send(chosen)}
      submitLabel="Save"
      pending={save.isPending}
      error={save.error}
      testId="mdr-components-form"
      actions={
        source.componentsFrom === "set" && (
          <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => send(null)}>
            Use the defaults by name
          </Button>
        )
      }
    >
      {() => (
        <>
          <TextField
            label="Find"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Process, DNS, DC0032…"
          />
          <CheckboxGroup
            legend={`${chosen.length} chosen`}
            options={shown.map((c) => ({ value: c.id, label: `${c.name} (${c.id})` }))}
            selected={chosen}
            onToggle={toggle}
            scroll
          />
        </>
      )}
    </FormDialog>
  );
}
