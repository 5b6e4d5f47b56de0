import { PageHeader } from "@/components/ui/page";
import { AlertsList } from "@/features/alerts/components/alerts-list";
import { SectionActions, SectionNav } from "./section-nav";

const titles = {
  open: ["Incidents — Open", "Alerts waiting for triage in the tenants in scope. Newest first unless you sort."],
  closed: ["Incidents — Closed", "Resolved and closed alerts."],
  all: ["Incidents — All", "Every alert, open or closed."],
} as const;

function AlertsListPage({ view }: { view: keyof typeof titles }) {
  const [title, description] = titles[view];
  return (
    <>
      <PageHeader title={title} description={description} actions={<SectionActions />} />
      <SectionNav />
      <AlertsList key={view} view={view} />
    </>
  );
}

export const OpenAlertsRoute = () => <AlertsListPage view="open" />;
export const ClosedAlertsRoute = () => <AlertsListPage view="closed" />;
export const AllAlertsRoute = () => <AlertsListPage view="all" />;
