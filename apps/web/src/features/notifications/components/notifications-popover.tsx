import * as Popover from "@radix-ui/react-popover";
import { layout } from "@watchfloor/shared";
import { Bell, CheckCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatRelative } from "@/lib/format";
import { useLatestNotifications } from "../api/get-notifications";
import { useMarkAllNotificationsRead, useMarkNotificationRead } from "../api/mark-read";
import { notificationKindLabel } from "./notification-text";

export function NotificationsPopover() {
  const [open, setOpen] = useState(false);
  const latest = useLatestNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = latest.data?.unreadCount ?? 0;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) latest.refetch();
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        data-testid="notifications-trigger"
        className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Bell aria-hidden className="size-5" />
        <span className="sr-only">Notifications</span>
        {unread > 0 && (
          <span
            data-testid="unread-badge"
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white"
          >
            {unread > 99 ? "99+" : unread}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          data-testid="notifications-popover"
          aria-label="Notifications"
          // The whole popover, header and footer included, stays within the spec's 280 by 230.
          style={{ maxWidth: layout.notificationMaxWidthPx, maxHeight: layout.notificationMaxHeightPx }}
          className="z-50 flex w-[230px] animate-menu-in flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex shrink-0 items-center justify-between border-b border-slate-200 px-3 py-2 dark:border-slate-700">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">Notifications</p>
            <button
              type="button"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
              title="Mark all as read"
              aria-label="Mark all as read"
              className="inline-flex size-7 items-center justify-center rounded text-slate-600 hover:bg-slate-100 disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <CheckCheck aria-hidden className="size-4" />
            </button>
          </div>
          <section
            aria-label="Latest notifications"
            className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
          >
            {latest.isPending ? (
              <div className="flex justify-center p-4">
                <Spinner label="Loading notifications" />
              </div>
            ) : latest.isError ? (
              <div role="alert" className="p-3 text-sm text-red-700 dark:text-red-400">
                {latest.error.message}{" "}
                <button type="button" className="underline" onClick={() => latest.refetch()}>
                  Retry
                </button>
              </div>
            ) : latest.data.items.length === 0 ? (
              <p className="p-4 text-center text-sm text-slate-600 dark:text-slate-400">You are all caught up.</p>
            ) : (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {latest.data.items.map((n) => (
                  <li
                    key={n.id}
                    data-testid="notification-item"
                    className={cn("px-3 py-2.5", !n.readAt && "bg-sky-50/70 dark:bg-sky-950/30")}
                  >
                    <p className="text-[11px] font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                      {!n.readAt && (
                        <span aria-hidden className="mr-1.5 inline-block size-1.5 rounded-full bg-sky-600 align-middle" />
                      )}
                      {notificationKindLabel(n)}
                    </p>
                    {n.link?.startsWith("/") ? (
                      <Link
                        to={n.link}
                        onClick={() => setOpen(false)}
                        className="mt-0.5 block text-sm break-words text-slate-800 hover:underline dark:text-slate-200"
                      >
                        {n.message}
                      </Link>
                    ) : (
                      <p className="mt-0.5 text-sm break-words text-slate-800 dark:text-slate-200">{n.message}</p>
                    )}
                    <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
                      <span>{formatRelative(n.createdAt)}</span>
                      {!n.readAt && (
                        <button
                          type="button"
                          className="font-medium text-sky-700 hover:underline dark:text-sky-400"
                          onClick={() => markRead.mutate(n.id)}
                        >
                          Mark read
                        </button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Link
            to={paths.notifications}
            onClick={() => setOpen(false)}
            className="block shrink-0 border-t border-slate-200 px-3 py-2 text-center text-sm font-medium text-sky-700 hover:bg-slate-50 dark:border-slate-700 dark:text-sky-400 dark:hover:bg-slate-800"
          >
            See All
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
