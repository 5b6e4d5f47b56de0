import { type EntitledModule, errorCodes, moduleLabels, type Role, roleCan } from "@watchfloor/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { minutes } from "../lib/time";
import { safeEqual, sha256 } from "../lib/tokens";
import { AppError, forbidden, notFound, unauthenticated } from "./errors";
import type { Actor, Auth, RoutePolicy, SessionAuth, TenantScope } from "./policy";
import { pendingError, pendingStep } from "./session-gate";
import { findApiKeyByHash, touchApiKey } from "./credentials.repository";
import { deleteSession, findSessionWithUser, touchSession } from "./credentials.repository";
import { membershipsOf } from "./credentials.repository";
import { tenantsWithModule } from "./entitlements.repository";

export const SESSION_COOKIE = "wf_session";
export const CSRF_COOKIE = "wf_csrf";
export const CSRF_HEADER = "x-csrf-token";
export const TENANT_HEADER = "x-tenant-id";
/** API keys act with an analyst's rights in their own tenant: ingest and automate, never administer. */
const API_KEY_ROLE: Role = "analyst";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const emptyScope: TenantScope = { tenantIds: [], memberTenantIds: [], selected: null };

export interface RegisteredRoute {
  method: string;
  url: string;
  policy: RoutePolicy;
}

/** Authenticates every request, then enforces the route's declared policy and tenant scope. */
export function registerAuthGuard(app: FastifyInstance, ctx: AppContext, routes: RegisteredRoute[]): void {
  app.decorateRequest("auth", null);
  app.decorateRequest("scope", null as unknown as TenantScope);
  app.decorateRequest("sessionExpired", false);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/v1")) return;
    const policy = route.config?.policy;
    if (!policy) throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url, policy });
    }
  });

  app.addHook("onRequest", async (request, reply) => {
    request.scope = emptyScope;
    const policy = request.routeOptions.config?.policy;
    // Routes outside the API (health, /metrics with its own bearer token, which is not an API
    // key) take no credentials. Judged by the matched route, never by the raw URL.
    const route = request.routeOptions.url;
    if (!policy && route !== undefined && !route.startsWith("/api/")) return;
    request.auth = await authenticate(ctx, request, reply);
    if (!policy) return;
    checkCsrf(request);
    request.scope = authorize(request, policy);
    if (policy.access === "tenant" && policy.module) request.scope = await entitledScope(ctx, request.scope, policy.module);
  });
}

async function authenticate(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Auth | null> {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) {
    const key = await findApiKeyByHash(ctx.db, sha256(header.slice(7).trim()));
    if (!key) throw new AppError(401, errorCodes.unauthenticated, "The API key is unknown or revoked.");
    const now = ctx.now();
    if (!key.last_used_at || now - key.last_used_at > minutes(1)) await touchApiKey(ctx.db, key.id, now);
    return { kind: "apiKey", keyId: key.id, tenantId: key.tenant_id };
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const id = sha256(token);
  const session = await findSessionWithUser(ctx.db, id);
  const now = ctx.now();
  const idleLimit = minutes(ctx.env.WATCHFLOOR_SESSION_IDLE_MINUTES);
  if (!session || session.expires_at <= now || now - session.last_seen_at > idleLimit) {
    if (session) await deleteSession(ctx.db, id);
    request.sessionExpired = true;
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return null;
  }
  // Writing on every request would serialise reads on SQLite; a minute's precision is enough.
  if (now - session.last_seen_at > minutes(1)) await touchSession(ctx.db, id, now);
  const memberships = (await membershipsOf(ctx.db, session.user_id)).map((m) => ({ tenantId: m.tenantId, role: m.role }));
  return {
    kind: "session",
    userId: session.user_id,
    email: session.email,
    sessionId: id,
    csrfToken: session.csrf_token,
    platformAdmin: session.platform_admin === 1,
    memberships,
    pending: pendingStep({
      hasSecondFactor: Boolean(session.has_second_factor),
      secondFactorAt: session.second_factor_at,
      passwordMustChange: session.password_must_change === 1,
      secondFactorRequired: Boolean(session.second_factor_required),
    }),
  };
}

/** Cookie-carrying writes must echo the CSRF token; API-key calls carry no ambient credential. */
function checkCsrf(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method) || request.auth?.kind === "apiKey") return;
  const sent = request.headers[CSRF_HEADER];
  const expected = request.auth?.kind === "session" ? request.auth.csrfToken : request.cookies[CSRF_COOKIE];
  if (typeof sent !== "string" || !expected || !safeEqual(sent, expected)) {
    if (!request.auth && request.routeOptions.config?.policy?.access !== "public") {
      throw sessionProblem(request);
    }
    throw new AppError(403, errorCodes.csrf, "The request is missing its CSRF token; reload the page and try again.");
  }
}

function sessionProblem(request: FastifyRequest): AppError {
  return request.sessionExpired
    ? new AppError(401, errorCodes.sessionExpired, "Your session has expired; sign in again.")
    : unauthenticated();
}

function authorize(request: FastifyRequest, policy: RoutePolicy): TenantScope {
  if (policy.access === "public") return emptyScope;
  const auth = request.auth;
  if (!auth) throw sessionProblem(request);
  if (auth.kind === "session" && auth.pending && !(policy.access === "user" && policy.allowPending?.includes(auth.pending))) {
    throw pendingError(auth.pending);
  }
  const memberships = auth.kind === "session" ? auth.memberships : [{ tenantId: auth.tenantId, role: API_KEY_ROLE }];
  const memberTenantIds = memberships.map((m) => m.tenantId);
  const selectedHeader = request.headers[TENANT_HEADER];
  const selected = typeof selectedHeader === "string" && selectedHeader !== "" ? selectedHeader : null;
  // A tenant the caller does not belong to does not exist for them, whatever the route.
  if (selected && !memberTenantIds.includes(selected)) throw notFound("Tenant");
  if (policy.access === "platform") {
    if (auth.kind !== "session" || !auth.platformAdmin) throw forbidden("Only platform administrators may do this.");
    return emptyScope;
  }
  if (auth.kind === "apiKey" && (policy.access === "user" || !policy.apiKey)) {
    throw forbidden("API keys cannot call this endpoint; sign in as a person.");
  }
  const candidates = memberships.filter((m) => !selected || m.tenantId === selected);
  const permitted = policy.access === "user" ? candidates : candidates.filter((m) => roleCan(m.role, policy.permission));
  if (policy.access === "tenant" && permitted.length === 0 && candidates.length > 0) throw forbidden();
  return { tenantIds: permitted.map((m) => m.tenantId), memberTenantIds, selected };
}

/**
 * A module route's scope: only the tenants that have the module. Asking for one that lacks it,
 * or having none that has it, is a 403 that names the module, never an empty answer that reads
 * as "no data".
 */
async function entitledScope(ctx: AppContext, scope: TenantScope, module: EntitledModule): Promise<TenantScope> {
  const entitled = await tenantsWithModule(ctx.db, scope.tenantIds, module);
  const label = moduleLabels[module];
  if (entitled.length > 0)
    return {
      ...scope,
      tenantIds: entitled,
      withoutModule: { label, tenantIds: scope.tenantIds.filter((t) => !entitled.includes(t)) },
    };
  throw new AppError(
    403,
    errorCodes.moduleNotEnabled,
    scope.selected
      ? `The ${label} module is not enabled for this tenant. Ask your provider's administrators to enable it (Request on the ${label} page).`
      : `The ${label} module is not enabled for any tenant in your scope.`,
  );
}

export function sessionAuth(request: FastifyRequest) {
  if (request.auth?.kind !== "session") throw unauthenticated();
  return request.auth;
}

export function actorOf(request: FastifyRequest): Actor {
  const auth = sessionAuth(request);
  return { userId: auth.userId, email: auth.email, ip: request.ip };
}

/** The actor with what their authority over other accounts depends on. */
export function accountActorOf(request: FastifyRequest): Actor & Pick<SessionAuth, "platformAdmin" | "memberships"> {
  const auth = sessionAuth(request);
  return {
    userId: auth.userId,
    email: auth.email,
    ip: request.ip,
    platformAdmin: auth.platformAdmin,
    memberships: auth.memberships,
  };
}
