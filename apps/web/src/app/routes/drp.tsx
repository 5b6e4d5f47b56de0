import { PageHeader } from "@/components/ui/page";
import { WatchedAssets } from "@/features/drp/components/watched-assets";
import { ModuleGate } from "./module-gate";

/**
 * Digital risk protection: watched assets and their look-alike domains for the tenants in scope
 * that have DRP, and the upgrade panel for those that do not (docs/drp.md, docs/modules.md).
 */
export function DrpRoute() {
  return (
    <>
      <PageHeader
        title="Digital risk protection"
        description="Domains, e-mail domains, brands and executives watched for impersonation, with the look-alike domains to look out for."
      />
      <ModuleGate module="drp" loadingLabel="Loading digital risk protection">
        {({ entitled }) => <WatchedAssets tenants={entitled} />}
      </ModuleGate>
    </>
  );
}
