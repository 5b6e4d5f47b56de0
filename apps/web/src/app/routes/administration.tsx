import { PageHeader } from "@/components/ui/page";
import { AdministrationTabs } from "@/features/administration/components/administration-tabs";
import { useTenants } from "@/features/tenants/api/get-tenants";

export function AdministrationRoute() {
  const tenants = useTenants();
  return (
    <>
      <PageHeader title="Administration" description="Members, invitations, API keys and the security audit log." />
      <AdministrationTabs tenants={tenants.data} tenantsError={tenants.error} onRetryTenants={() => tenants.refetch()} />
    </>
  );
}
