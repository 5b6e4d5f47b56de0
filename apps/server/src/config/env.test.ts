import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env";

describe("loadEnv", () => {
  it("defaults to SQLite under ./data on port 3000", () => {
    const env = loadEnv({});
    expect(env.WATCHFLOOR_DATABASE_URL).toBeUndefined();
    expect(env.WATCHFLOOR_DATA_DIR).toBe("./data");
    expect(env.PORT).toBe(3000);
  });

  it("stops production start-up without a secret, naming the variable", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/WATCHFLOOR_SECRET: is required in production/);
    expect(loadEnv({ NODE_ENV: "production", WATCHFLOOR_SECRET: "s".repeat(32) }).NODE_ENV).toBe("production");
  });

  it("wants a metrics token of at least 24 characters", () => {
    expect(loadEnv({}).WATCHFLOOR_METRICS_TOKEN).toBeUndefined();
    expect(() => loadEnv({ WATCHFLOOR_METRICS_TOKEN: "short" })).toThrow(
      /WATCHFLOOR_METRICS_TOKEN: must be at least 24 characters/,
    );
    expect(loadEnv({ WATCHFLOOR_METRICS_TOKEN: "m".repeat(24) }).WATCHFLOOR_METRICS_TOKEN).toBe("m".repeat(24));
  });

  it("lists every bad value at once", () => {
    try {
      loadEnv({ PORT: "http", WATCHFLOOR_DATABASE_URL: "mysql://x" });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("WATCHFLOOR_DATABASE_URL: must start with postgres://");
    }
  });

  it("wants all of the single sign-on settings or none", () => {
    expect(() => loadEnv({ WATCHFLOOR_OIDC_ISSUER: "https://idp.example" })).toThrow(
      /WATCHFLOOR_OIDC_CLIENT_ID: is required when single sign-on is configured/,
    );
  });

  it("allows the movable test clock only in test runs, never in production", () => {
    expect(loadEnv({}).WATCHFLOOR_TEST_CLOCK).toBe(false);
    expect(loadEnv({ NODE_ENV: "test", WATCHFLOOR_TEST_CLOCK: "1" }).WATCHFLOOR_TEST_CLOCK).toBe(true);
    const production = { NODE_ENV: "production", WATCHFLOOR_SECRET: "s".repeat(32), WATCHFLOOR_TEST_CLOCK: "1" };
    expect(() => loadEnv(production)).toThrow(/WATCHFLOOR_TEST_CLOCK: is only allowed with NODE_ENV=test/);
    // An unset NODE_ENV means development: still refused.
    expect(() => loadEnv({ WATCHFLOOR_TEST_CLOCK: "true" })).toThrow(ConfigError);
  });
});
