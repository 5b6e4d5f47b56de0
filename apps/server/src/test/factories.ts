import type { EntitledModule, Role } from "@watchfloor/shared";
import { hashPassword } from "../features/auth/password-hash";
import { addMembership, insertUser } from "../features/users/users.repository";
import { createTenant } from "../features/tenants/tenants.service";
import { newId } from "../lib/tokens";
import { TestClient, type TestApp } from "./test-server";

export const PASSWORD = "Vigilant-Harbor-2026";

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${newId().slice(0, 6)}`;

/** A tenant with a new tenant's default modules, or the entitled modules named. */
export async function makeTenant(app: TestApp, name = unique("Tenant"), modules?: readonly EntitledModule[]) {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return createTenant(app.ctx, null, { name, slug, ...(modules ? { modules } : {}) });
}

export async function makeUser(
  app: TestApp,
  grants: { tenantId: string; role: Role }[],
  options: { email?: string; platformAdmin?: boolean; displayName?: string } = {},
) {
  const id = newId();
  const email = options.email ?? `${unique("user")}@example.test`;
  const now = app.ctx.now();
  await insertUser(app.ctx.db, {
    id,
    email,
    display_name: options.displayName ?? email.split("@")[0] ?? email,
    job_title: "Analyst",
    password_hash: await hashPassword(PASSWORD),
    platform_admin: options.platformAdmin ? 1 : 0,
    created_at: now,
  });
  for (const g of grants) await addMembership(app.ctx.db, id, g.tenantId, g.role, now);
  return { id, email };
}

/** A signed-in client for a new user with the given grants. */
export async function signedInClient(
  app: TestApp,
  grants: { tenantId: string; role: Role }[],
  options: { platformAdmin?: boolean } = {},
) {
  const user = await makeUser(app, grants, options);
  const client = new TestClient(app);
  const response = await client.signIn(user.email, PASSWORD);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { client, user };
}
