import { Activity } from "lucide-react";
import { Link } from "react-router";
import { Card, PageHeader } from "@/components/ui/page";
import { paths } from "@/config/paths";
import { TenantsInScope } from "@/features/tenants/components/tenants-in-scope";
import { useCurrentUser } from "@/lib/session";

export function DashboardRoute() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title="Security overview"
        description={`Signed in as ${user.displayName}${user.jobTitle ? `, ${user.jobTitle}` : ""}.`}
      />
      <div className="space-y-6">
        <TenantsInScope />
        <Card>
          <div className="flex items-start gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              <Activity aria-hidden className="size-5" />
            </span>
            <div>
              <h2 className="font-semibold text-slate-900 dark:text-white">Overview figures</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Alert volumes, open incidents, SLA performance and risk scores arrive with the alerts module. Until then this page
                shows no figures rather than invented ones. See the{" "}
                <Link to={paths.help} className="font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
                  Help Center
                </Link>{" "}
                for what is available today.
              </p>
            </div>
          </div>
        </Card>
      </div>
    </>
  );
}
