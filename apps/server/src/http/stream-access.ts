/**
 * Whether a long-lived response (the server-sent events stream) may go on. Its tenant scope is
 * fixed when it opens, so it must end as soon as the credential behind it would no longer get
 * that scope: the session signed out or expired, must first complete a step (http/session-gate.ts,
 * e.g. a tenant began to require a second factor), a membership or role changed, the key was
 * revoked. The browser's EventSource then reconnects and gets the new scope, or a 401.
 */
export type StreamEnd = "signed_out" | "session_expired" | "step_required" | "access_changed" | "key_revoked";

export interface Membership {
  tenantId: string;
  role: string;
}

/** A session as a re-check reads it; null when it no longer exists (signed out, revoked). */
export interface SessionState {
  lastSeenAt: number;
  expiresAt: number;
  /** The session must do something first (session-gate pendingStep); the guard refuses it all else. */
  pending: boolean;
  memberships: readonly Membership[];
}

/** Memberships as one comparable value: any added, removed or re-roled tenant changes it. */
export function accessKey(memberships: readonly Membership[]): string {
  return memberships
    .map((m) => `${m.tenantId}:${m.role}`)
    .sort()
    .join(",");
}

/** Same expiry rule as the auth guard's: past the absolute end, or idle longer than the limit. */
export function sessionVerdict(opened: string, current: SessionState | null, now: number, idleMs: number): StreamEnd | null {
  if (!current) return "signed_out";
  if (current.expiresAt <= now || now - current.lastSeenAt > idleMs) return "session_expired";
  if (current.pending) return "step_required";
  if (accessKey(current.memberships) !== opened) return "access_changed";
  return null;
}

/** An API key acts in one tenant; revoking it ends its streams. */
export function apiKeyVerdict(openedTenantId: string, current: { tenantId: string } | null): StreamEnd | null {
  if (!current) return "key_revoked";
  return current.tenantId === openedTenantId ? null : "access_changed";
}
