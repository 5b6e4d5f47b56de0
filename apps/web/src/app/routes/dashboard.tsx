import { DashboardOverview, useDashboardRange } from "@/features/dashboard/components/dashboard-overview";
import { RangePicker } from "@/features/dashboard/components/range-picker";
import { PageHeader } from "@/components/ui/page";
import { TenantsInScope } from "@/features/tenants/components/tenants-in-scope";
import { useCurrentUser } from "@/lib/session";

export function DashboardRoute() {
  const user = useCurrentUser();
  const range = useDashboardRange();
  return (
    <>
      <PageHeader
        title="Security overview"
        description={
          <>
            Alerts detected in {range.label}, updated live. Signed in as {user.displayName}
            {user.jobTitle ? `, ${user.jobTitle}` : ""}.
          </>
        }
        actions={<RangePicker range={range} />}
      />
      <div className="space-y-6">
        <DashboardOverview range={range} />
        <TenantsInScope />
      </div>
    </>
  );
}
