import type { EntitledModule, Permission, Role, SessionPending } from "@watchfloor/shared";

/**
 * Every /api/v1 route declares who may call it. The guard enforces it before the body is read,
 * and the route-policy test walks these declarations.
 * - public: anyone (sign-in, sign-up, session lookup)
 * - user: any signed-in person, acting only on their own account; `allowPending` lists the
 *   steps (second factor, password change, enrolment) during which the route stays open
 * - tenant: needs `permission` in the tenant(s) in scope; `apiKey` lets tenant API keys call it;
 *   `module` keeps only tenants that have that module (403 MODULE_NOT_ENABLED when none has it,
 *   or when the selected tenant lacks it)
 * - platform: platform administrators (create tenants, open sign-up)
 */
export type RoutePolicy =
  | { access: "public" }
  | { access: "user"; allowPending?: readonly SessionPending[] }
  | { access: "tenant"; permission: Permission; apiKey?: boolean; module?: EntitledModule }
  | { access: "platform" };

export interface SessionAuth {
  kind: "session";
  userId: string;
  email: string;
  sessionId: string;
  csrfToken: string;
  platformAdmin: boolean;
  memberships: { tenantId: string; role: Role }[];
  /** What the session must do before it may use anything else (http/session-gate.ts). */
  pending: SessionPending | null;
}

export interface ApiKeyAuth {
  kind: "apiKey";
  keyId: string;
  tenantId: string;
}

export type Auth = SessionAuth | ApiKeyAuth;

/** Who did something, for audit records. */
export interface Actor {
  userId: string;
  email: string;
  ip: string | null;
}

/** The tenants a request may touch. Repositories take this; there is no unscoped read. */
export interface TenantScope {
  /** Tenants where the caller holds the route's permission, narrowed to the selected one. */
  readonly tenantIds: readonly string[];
  /** Every tenant the caller belongs to, to tell "forbidden" from "not found". */
  readonly memberTenantIds: readonly string[];
  readonly selected: string | null;
  /** On a module route: the permitted tenants left out because they lack the module. */
  readonly withoutModule?: { readonly label: string; readonly tenantIds: readonly string[] };
}

declare module "fastify" {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
  interface FastifyRequest {
    auth: Auth | null;
    scope: TenantScope;
    sessionExpired: boolean;
  }
}
