import { Monitor } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { describeUserAgent, formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "../api/sessions";

export function SessionsList() {
  const user = useCurrentUser();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card
      title="Active sessions"
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={others === 0}
          loading={revokeOthers.isPending}
          onClick={() => revokeOthers.mutate()}
        >
          Sign out other sessions
        </Button>
      }
    >
      {(revoke.isError || revokeOthers.isError) && (
        <Notice tone="error">{errorMessage(revoke.error ?? revokeOthers.error)}</Notice>
      )}
      {revokeOthers.isSuccess && <Notice tone="success">Signed out {revokeOthers.data.revoked} other session(s).</Notice>}
      {sessions.isPending ? (
        <LoadingState label="Loading sessions" />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => sessions.refetch()} />
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {sessions.data.map((s) => (
            <li key={s.id} data-testid="session-row" className="flex flex-wrap items-center gap-3 py-3">
              <Monitor aria-hidden className="size-5 text-slate-500" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900 dark:text-white">
                  {describeUserAgent(s.userAgent)}
                  {s.current && (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {s.ipAddress ?? "Unknown IP"} · last seen {formatDateTime(s.lastSeenAt, user.preferences)} · signed in{" "}
                  {formatDateTime(s.createdAt, user.preferences)}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => revoke.mutate(s.id)}
                  aria-label={`Sign out session ${describeUserAgent(s.userAgent)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
