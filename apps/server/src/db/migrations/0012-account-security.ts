import type { Kysely } from "kysely";

/**
 * Account security (issue 13): temporary passwords that must be changed, lockout per account
 * and source address, second factors (TOTP and passkeys) with recovery codes, and a tenant
 * policy that requires a second factor. Frozen schema only: no feature code is imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("password_must_change", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // When this session proved a second factor; null until then (or when the user has none).
  await db.schema.alterTable("sessions").addColumn("second_factor_at", "bigint").execute();
  // The WebAuthn challenge this session was last given, consumed by the next verification.
  await db.schema.alterTable("sessions").addColumn("webauthn_challenge", "text").execute();
  await db.schema
    .alterTable("tenants")
    .addColumn("require_second_factor", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("sign_in_failures")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("failed_count", "integer", (c) => c.notNull())
    .addColumn("first_failed_at", "bigint", (c) => c.notNull())
    .addColumn("locked_until", "bigint")
    .addPrimaryKeyConstraint("sign_in_failures_pk", ["user_id", "source"])
    .execute();

  await db.schema
    .createTable("user_factors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull()) // totp | passkey
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("totp_secret", "text")
    .addColumn("last_totp_step", "bigint")
    .addColumn("credential_id", "text", (c) => c.unique())
    .addColumn("public_key", "text")
    .addColumn("sign_count", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("confirmed_at", "bigint")
    .addColumn("last_used_at", "bigint")
    .execute();
  await db.schema.createIndex("user_factors_user_idx").on("user_factors").column("user_id").execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .addPrimaryKeyConstraint("recovery_codes_pk", ["user_id", "code_hash"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.dropTable("user_factors").execute();
  await db.schema.dropTable("sign_in_failures").execute();
  await db.schema.alterTable("tenants").dropColumn("require_second_factor").execute();
  await db.schema.alterTable("sessions").dropColumn("webauthn_challenge").execute();
  await db.schema.alterTable("sessions").dropColumn("second_factor_at").execute();
  await db.schema.alterTable("users").dropColumn("password_must_change").execute();
}
