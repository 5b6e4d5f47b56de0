import { PageHeader } from "@/components/ui/page";
import { SettingsForm } from "@/features/settings/components/settings-form";

export function SettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" description="Theme, time zone, date format and the tenant you start in." />
      <div className="max-w-2xl">
        <SettingsForm />
      </div>
    </>
  );
}
