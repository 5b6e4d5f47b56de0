import { PageHeader } from "@/components/ui/page";
import { CloudPostureView } from "@/features/risk/components/cloud-posture";

/** Risk → Cloud Posture. */
export function CloudPostureRoute() {
  return (
    <>
      <PageHeader
        title="Cloud Posture"
        description="Cloud resources and their open vulnerability findings; their configuration checks are on Cloud Compliance and Cloud Sec."
      />
      <CloudPostureView />
    </>
  );
}
