import { PageHeader } from "@/components/ui/page";
import { AdministrationTabs } from "@/features/administration/components/administration-tabs";
import { ModulesAdmin } from "@/features/modules/components/modules-admin";
import { useTenants } from "@/features/tenants/api/get-tenants";

export function AdministrationRoute() {
  const tenants = useTenants();
  return (
    <>
      <PageHeader title="Administration" description="Members, invitations, API keys, modules and the security audit log." />
      <AdministrationTabs
        tenants={tenants.data}
        tenantsError={tenants.error}
        onRetryTenants={() => tenants.refetch()}
        modules={<ModulesAdmin />}
      />
    </>
  );
}
