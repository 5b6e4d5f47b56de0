/** Build-time settings. The API is same-origin (the server serves this app), so only a prefix. */
export const env = {
  apiBase: "/api/v1",
  apiDocsUrl: "/api/docs",
  /** The unread count is polled at this interval; the popover refetches when it opens. */
  notificationPollMs: 60_000,
} as const;
