import type { AppContext } from "../context";
import { findLiveApiKey } from "./credentials.repository";
import { findSessionWithUser } from "./credentials.repository";
import { membershipsOf } from "./credentials.repository";
import { minutes } from "../lib/time";
import type { Auth } from "./policy";
import { pendingStep } from "./session-gate";
import { accessKey, apiKeyVerdict, type SessionState, sessionVerdict, type StreamEnd } from "./stream-access";

/** How long (app clock) one re-check answers for: a burst of changes costs one check per stream. */
export const STREAM_CHECK_CACHE_MS = 1_000;

interface Reading {
  verdict: StreamEnd | null;
  /** When the session ends however active it is (app clock); null for API keys. */
  expiresAt: number | null;
}

export interface StreamGuard {
  /** What the read at open found: whether the stream may start, and its absolute end. */
  readonly opened: Reading;
  /**
   * Why the stream must end now, or null. Reads the database, so it holds across server
   * processes; an answer younger than STREAM_CHECK_CACHE_MS is reused unless `fresh`.
   */
  check(fresh?: boolean): Promise<StreamEnd | null>;
}

/**
 * Re-checks, from the database, the credential a stream was opened with. The stream's scope was
 * derived from `auth` (the auth guard's reading), so that is what later readings are compared with.
 * Nothing here touches the session's last_seen_at: an open tab is not activity.
 */
export async function openStreamGuard(ctx: AppContext, auth: Auth): Promise<StreamGuard> {
  const read =
    auth.kind === "session"
      ? sessionReader(ctx, auth.sessionId, accessKey(auth.memberships))
      : keyReader(ctx, auth.keyId, auth.tenantId);
  const opened = await read(ctx.now());
  // The read at open is not cached: the first change re-reads, so a sign-out right after the
  // stream opened is never hidden behind it.
  let last: { at: number; verdict: Promise<StreamEnd | null> } | null = null;
  return {
    opened,
    check(fresh = false) {
      const now = ctx.now();
      if (!fresh && last && now >= last.at && now - last.at < STREAM_CHECK_CACHE_MS) return last.verdict;
      const verdict = read(now).then((r) => r.verdict);
      last = { at: now, verdict };
      return verdict;
    },
  };
}

/** The auth guard's own reads (findSessionWithUser, membershipsOf), so the two cannot disagree. */
function sessionReader(ctx: AppContext, sessionId: string, opened: string) {
  const idleMs = minutes(ctx.env.WATCHFLOOR_SESSION_IDLE_MINUTES);
  return async (now: number): Promise<Reading> => {
    const session = await findSessionWithUser(ctx.db, sessionId);
    const state: SessionState | null = session
      ? {
          lastSeenAt: session.last_seen_at,
          expiresAt: session.expires_at,
          pending:
            pendingStep({
              hasSecondFactor: Boolean(session.has_second_factor),
              secondFactorAt: session.second_factor_at,
              passwordMustChange: session.password_must_change === 1,
              secondFactorRequired: Boolean(session.second_factor_required),
            }) !== null,
          memberships: await membershipsOf(ctx.db, session.user_id),
        }
      : null;
    return { verdict: sessionVerdict(opened, state, now, idleMs), expiresAt: state?.expiresAt ?? null };
  };
}

function keyReader(ctx: AppContext, keyId: string, tenantId: string) {
  return async (): Promise<Reading> => {
    const key = await findLiveApiKey(ctx.db, keyId);
    return { verdict: apiKeyVerdict(tenantId, key ? { tenantId: key.tenant_id } : null), expiresAt: null };
  };
}
