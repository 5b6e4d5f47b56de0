import { FilePlus2, Upload } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { LinkTabs } from "@/components/ui/link-tabs";
import { paths } from "@/config/paths";
import { useCan } from "@/lib/permissions";

/** The Incidents module's views: alert queues (filters carried across) and the incidents list. */
export function SectionNav() {
  const { pathname, search } = useLocation();
  const onAlerts = ([paths.incidents.open, paths.incidents.closed, paths.incidents.all] as string[]).includes(pathname);
  const keep = onAlerts ? search : "";
  return (
    <LinkTabs
      label="Incidents views"
      className="mb-5 rounded-lg bg-slate-100 p-1 dark:bg-slate-900"
      tabs={[
        { label: "Open alerts", to: `${paths.incidents.open}${keep}` },
        { label: "Closed alerts", to: `${paths.incidents.closed}${keep}` },
        { label: "All alerts", to: `${paths.incidents.all}${keep}` },
        { label: "Incidents", to: paths.incidents.cases },
      ]}
    />
  );
}

export function SectionActions() {
  const canWrite = useCan("data.write");
  if (!canWrite) return null;
  return (
    <>
      <Link to={paths.incidents.import} className={buttonClass("secondary", "sm")}>
        <Upload aria-hidden className="size-4" /> Import alerts
      </Link>
      <Link to={paths.incidents.create} className={buttonClass("primary", "sm")}>
        <FilePlus2 aria-hidden className="size-4" /> Create incident
      </Link>
    </>
  );
}
