import { useQueryClient } from "@tanstack/react-query";
import { Outlet, useNavigate } from "react-router";
import { AppShell } from "@/components/layout/app-shell";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { signOut } from "@/features/auth/api/sign-out";
import { NotificationsPopover } from "@/features/notifications/components/notifications-popover";
import { ProfileMenu } from "@/features/profile/components/profile-menu";
import { SearchBox } from "@/features/search/components/search-box";
import { TenantPicker } from "@/features/tenants/components/tenant-picker";
import { useLiveEvents } from "@/lib/live-events";
import { sessionQueryOptions, useSession } from "@/lib/session";

/** The signed-in shell: composes the header features into the layout. */
export function AppLayoutRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One change feed per tab: lists and detail pages refresh when alerts or incidents change.
  useLiveEvents();

  async function onSignOut() {
    // Unmount the signed-in tree first (it reads the user), then end the session.
    queryClient.setQueryData(sessionQueryOptions.queryKey, (old) => (old ? { ...old, user: null } : old));
    try {
      await signOut();
    } finally {
      navigate(paths.login, { replace: true });
    }
  }

  if (!session?.user) return <FullScreenSpinner />;
  return (
    <AppShell
      search={<SearchBox />}
      actions={
        <>
          <TenantPicker />
          <NotificationsPopover />
          <ProfileMenu onSignOut={onSignOut} />
        </>
      }
    >
      <Outlet />
    </AppShell>
  );
}
