import { PageHeader } from "@/components/ui/page";
import { MdrPage } from "@/features/mdr/components/mdr-page";
import { ModuleGate } from "./module-gate";

/**
 * MDR: the provider's service console over the tenants in scope that have the module, and the
 * upgrade panel for those that do not (docs/mdr.md, docs/modules.md).
 */
export function MdrRoute() {
  return (
    <>
      <PageHeader
        title="MDR"
        description="Managed detection and response: every client's open work and SLA, data-source health, analyst workload, shift handovers and escalations."
      />
      <ModuleGate module="mdr" loadingLabel="Loading MDR">
        {({ entitled }) => <MdrPage tenants={entitled.map((t) => ({ id: t.id, name: t.name }))} />}
      </ModuleGate>
    </>
  );
}
