import { PageHeader } from "@/components/ui/page";
import { ExecutiveRiskView } from "@/features/risk/components/executive-risk-view";
import { useTrendWindow, WindowPicker } from "@/features/risk/components/window-picker";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/** Risk → Executive Risk View. */
export function ExecutiveRiskRoute() {
  const days = useTrendWindow();
  const tenantId = useSelectedTenantId();
  return (
    <>
      <PageHeader
        title="Executive Risk View"
        description={`Risk from open vulnerability findings, weighted by exploitation (CISA KEV, EPSS), business impact, internet exposure and open incidents${tenantId ? "" : ", across all your tenants"}.`}
        actions={<WindowPicker />}
      />
      <ExecutiveRiskView days={days} />
    </>
  );
}
