import type { EntitledModule, Permission } from "@watchfloor/shared";

/**
 * The route configs of a module's routes (http/policy.ts): `read` for its screens, `write` for
 * triage-like changes, and `needs(permission)` for the few routes that ask more (settings,
 * accepting risk). Every one carries the module, so a tenant without it is left out of the scope;
 * declaring them here keeps a module file from forgetting that on one route.
 */
export function modulePolicies(module: EntitledModule) {
  const needs = (permission: Permission, options: { apiKey?: true } = {}) =>
    ({ policy: { access: "tenant", permission, module, ...options } }) as const;
  return { read: needs("tenant.read"), write: needs("data.write"), needs };
}
