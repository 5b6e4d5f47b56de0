import { DashboardOverview, useDashboardRange } from "@/features/dashboard/components/dashboard-overview";
import { RangePicker } from "@/features/dashboard/components/range-picker";
import { MapPinned } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { paths } from "@/config/paths";
import { TenantsInScope } from "@/features/tenants/components/tenants-in-scope";
import { useCurrentUser } from "@/lib/session";

export function DashboardRoute() {
  const user = useCurrentUser();
  const range = useDashboardRange();
  const { search } = useLocation();
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
        actions={
          <>
            <RangePicker range={range} />
            {/* The map reads the same range from the same URL parameters. */}
            <Link to={`${paths.map}${search}`} className={buttonClass("secondary", "md")} data-testid="open-map">
              <MapPinned aria-hidden className="size-4" /> Incident map
            </Link>
          </>
        }
      />
      <div className="space-y-6">
        <DashboardOverview range={range} />
        <TenantsInScope />
      </div>
    </>
  );
}
