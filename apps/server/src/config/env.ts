import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("127.0.0.1"),
    WATCHFLOOR_DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, "must start with postgres://, postgresql:// or sqlite:")
      .optional(),
    WATCHFLOOR_DATA_DIR: z.string().default("./data"),
    /** Signs OIDC state cookies. Required in production; a per-process random value otherwise. */
    WATCHFLOOR_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    WATCHFLOOR_PUBLIC_URL: z.url().optional(),
    WATCHFLOOR_TRUST_PROXY: bool.default(false),
    WATCHFLOOR_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
    WATCHFLOOR_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
    WATCHFLOOR_SIGNIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    WATCHFLOOR_OIDC_ISSUER: z.url().optional(),
    WATCHFLOOR_OIDC_CLIENT_ID: z.string().optional(),
    WATCHFLOOR_OIDC_CLIENT_SECRET: z.string().optional(),
    WATCHFLOOR_OIDC_LABEL: z.string().default("Single sign-on"),
    WATCHFLOOR_CHAT_WIDGET_URL: z.url().optional(),
    WATCHFLOOR_WEB_DIST: z.string().optional(),
    WATCHFLOOR_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    WATCHFLOOR_DEMO: bool.default(true),
    /** How often `serve` looks for SLA breaches to notify. */
    WATCHFLOOR_SLA_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Lets a scraper read /metrics from anywhere with `Authorization: Bearer <token>`; loopback needs none. */
    WATCHFLOOR_METRICS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
    /** Mail for scheduled reports: smtp://user:pass@host:587 or smtps://...; unset, schedules archive and send nothing. */
    WATCHFLOOR_SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    /** The sender of report mail. */
    WATCHFLOOR_SMTP_FROM: z.string().default("Watchfloor <reports@watchfloor.invalid>"),
    /** Lets end-to-end tests move the server clock (POST /api/v1/test/clock). Test runs only. */
    WATCHFLOOR_TEST_CLOCK: bool.default(false),
    /** Lets webhooks call private, loopback and link-local addresses (an internal receiver). Off: public addresses only. */
    WATCHFLOOR_WEBHOOK_PRIVATE_TARGETS: bool.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.WATCHFLOOR_SECRET) {
      ctx.addIssue({ code: "custom", path: ["WATCHFLOOR_SECRET"], message: "is required in production" });
    }
    // Anyone who can move the clock can fake or hide SLA breaches: demand an explicit test run,
    // not merely "not production", since NODE_ENV defaults to development when unset.
    if (env.WATCHFLOOR_TEST_CLOCK && env.NODE_ENV !== "test") {
      ctx.addIssue({ code: "custom", path: ["WATCHFLOOR_TEST_CLOCK"], message: "is only allowed with NODE_ENV=test" });
    }
    const oidc = [env.WATCHFLOOR_OIDC_ISSUER, env.WATCHFLOOR_OIDC_CLIENT_ID, env.WATCHFLOOR_OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      for (const key of ["WATCHFLOOR_OIDC_ISSUER", "WATCHFLOOR_OIDC_CLIENT_ID", "WATCHFLOOR_OIDC_CLIENT_SECRET"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when single sign-on is configured" });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment once; the error lists every missing or bad variable by name. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
