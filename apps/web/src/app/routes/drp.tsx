import { PageHeader } from "@/components/ui/page";
import { DrpFindings } from "@/features/drp/components/drp-findings";
import { FeedImport } from "@/features/drp/components/feed-import";
import { WatchedAssets } from "@/features/drp/components/watched-assets";
import { ModuleGate } from "./module-gate";

/**
 * Digital risk protection: findings, feed imports, watched assets and their look-alike domains
 * for the tenants in scope that have DRP, and the upgrade panel for those that do not (docs/drp.md, docs/modules.md).
 */
export function DrpRoute() {
  return (
    <>
      <PageHeader
        title="Digital risk protection"
        description="Look-alike domains, domains carrying your brands and leaked addresses found in feeds and alerts, and the domains, e-mail domains, brands and executives watched for impersonation."
      />
      <ModuleGate module="drp" loadingLabel="Loading digital risk protection">
        {({ entitled }) => (
          <div className="space-y-6">
            <DrpFindings tenants={entitled} />
            <FeedImport tenants={entitled} />
            <WatchedAssets tenants={entitled} />
          </div>
        )}
      </ModuleGate>
    </>
  );
}
