import type { NotificationPage } from "@watchfloor/shared";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { env } from "@/config/env";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export type NotificationFilter = "all" | "unread";
export type { NotificationPage };

export function getNotifications(filter: NotificationFilter, limit: number, cursor?: string | null): Promise<NotificationPage> {
  return api.get<NotificationPage>("/notifications", { filter, limit, cursor });
}

/** The popover's latest items and the unread count, polled for the bell badge. */
export const latestNotificationsQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: ["notifications", tenantId, "latest"],
    queryFn: () => getNotifications("all", 20),
    refetchInterval: env.notificationPollMs,
  });

export function useLatestNotifications() {
  return useQuery(latestNotificationsQueryOptions(useSelectedTenantId()));
}

export const notificationPagesQueryOptions = (tenantId: string | null, filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: ["notifications", tenantId, "pages", filter],
    queryFn: ({ pageParam }) => getNotifications(filter, 20, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useNotificationPages(filter: NotificationFilter) {
  return useInfiniteQuery(notificationPagesQueryOptions(useSelectedTenantId(), filter));
}
