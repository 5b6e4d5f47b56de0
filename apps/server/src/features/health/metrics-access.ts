import { safeEqual } from "../../lib/tokens";

export interface MetricsCaller {
  /** The TCP peer, never a header: X-Forwarded-For is the client's to write. */
  socketAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Who may read /metrics: a caller on this host, or anyone sending the configured token as a
 * bearer credential. A request relayed by a reverse proxy on this host arrives from loopback too,
 * so one carrying forwarding headers counts as remote (proxies must send X-Forwarded-For).
 */
export function metricsAllowed(caller: MetricsCaller, token: string | undefined): boolean {
  const authorization = caller.headers.authorization;
  if (token && typeof authorization === "string" && authorization.startsWith("Bearer ")) {
    if (safeEqual(authorization.slice(7).trim(), token)) return true;
  }
  const relayed = FORWARDING_HEADERS.some((name) => caller.headers[name] !== undefined);
  return !relayed && isLoopback(caller.socketAddress);
}
