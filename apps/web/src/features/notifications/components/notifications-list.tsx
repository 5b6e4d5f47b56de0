import { Bell } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { type NotificationFilter, useNotificationPages } from "../api/get-notifications";
import { useMarkAllNotificationsRead, useMarkNotificationRead } from "../api/mark-read";
import { notificationKindLabel } from "./notification-text";

export function NotificationsList() {
  const [filter, setFilter] = useState<NotificationFilter>("all");
  const user = useCurrentUser();
  const pages = useNotificationPages(filter);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = pages.data?.pages[0]?.unreadCount ?? 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900">
          <legend className="sr-only">Show</legend>
          {(["all", "unread"] as const).map((value) => (
            <label
              key={value}
              className={cn(
                "cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-500",
                filter === value
                  ? "bg-slate-900 text-white dark:bg-sky-700"
                  : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
              )}
            >
              <input
                type="radio"
                name="filter"
                value={value}
                checked={filter === value}
                onChange={() => setFilter(value)}
                className="sr-only"
              />
              {value === "all" ? "All" : `Unread (${unread})`}
            </label>
          ))}
        </fieldset>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      {pages.isPending ? (
        <LoadingState label="Loading notifications" />
      ) : pages.isError ? (
        <ErrorState error={pages.error} onRetry={() => pages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={filter === "unread" ? "No unread notifications" : "No notifications yet"}
          icon={<Bell aria-hidden className="size-8" />}
        >
          Sign-ins from new devices, accepted invitations and similar events appear here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {items.map((n) => (
            <li key={n.id} data-testid="notification-row" className="flex flex-wrap items-start gap-3 px-4 py-3 sm:flex-nowrap">
              <span aria-hidden className={cn("mt-2 size-2 shrink-0 rounded-full", n.readAt ? "bg-transparent" : "bg-sky-600")} />
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                  {notificationKindLabel(n)} {!n.readAt && <span className="sr-only">(unread)</span>}
                </p>
                <p className="text-sm text-slate-900 dark:text-slate-100">{n.message}</p>
                <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                  {formatDateTime(n.createdAt, user.preferences)}
                </p>
              </div>
              {!n.readAt && (
                <Button variant="ghost" size="sm" onClick={() => markRead.mutate(n.id)}>
                  Mark read
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
