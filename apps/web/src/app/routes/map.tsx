import { PageHeader } from "@/components/ui/page";
import { useDashboardRange } from "@/features/dashboard/components/dashboard-overview";
import { RangePicker } from "@/features/dashboard/components/range-picker";
import { IncidentMap } from "@/features/map/components/incident-map";

/** Risk → Incident Map: the overview's range (same picker, same URL) over incidents by place. */
export function IncidentMapRoute() {
  const range = useDashboardRange();
  return (
    <>
      <PageHeader
        title="Incident Map"
        description={<>Incidents created in {range.label}, by asset site and by the country of external sources.</>}
        actions={<RangePicker range={range} />}
      />
      <IncidentMap from={range.from} to={range.to} rangeLabel={range.label} />
    </>
  );
}
