import { PageHeader } from "@/components/ui/page";
import { NotificationsList } from "@/features/notifications/components/notifications-list";

export function NotificationsRoute() {
  return (
    <>
      <PageHeader title="Notifications" description="Security events about your account and your tenants." />
      <NotificationsList />
    </>
  );
}
