import type { MdrCoverageSource } from "@watchfloor/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useSetComponents } from "../api/get-mdr";

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
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Data components"
      description={`What ${source.tool}${source.sensor && source.sensor !== source.tool ? ` / ${source.sensor}` : ""} collects`}
    >
      <form
        className="space-y-4"
        data-testid="mdr-components-form"
        onSubmit={(e) => {
          e.preventDefault();
          send(chosen);
        }}
      >
        <TextField label="Find" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Process, DNS, DC0032…" />
        <CheckboxGroup
          legend={`${chosen.length} chosen`}
          options={shown.map((c) => ({ value: c.id, label: `${c.name} (${c.id})` }))}
          selected={chosen}
          onToggle={toggle}
          scroll
        />
        {save.isError && <Notice tone="error">{errorMessage(save.error)}</Notice>}
        <div className="flex flex-wrap justify-end gap-2">
          {source.componentsFrom === "set" && (
            <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => send(null)}>
              Use the defaults by name
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
