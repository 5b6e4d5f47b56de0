import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The web app's "@/..." imports (apps/web/vite.config.ts), for its unit-tested modules.
const webSrc = fileURLToPath(new URL("./apps/web/src/", import.meta.url));

/**
 * Three projects: pure unit tests, API tests against a real database (SQLite, or PostgreSQL
 * when WATCHFLOOR_TEST_DATABASE_URL is set), and browser tests driving Debian's Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: [{ find: /^@\//, replacement: webSrc }] },
        test: {
          name: "unit",
          include: ["packages/shared/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/web/src/**/*.test.ts"],
          exclude: ["**/*.api.test.ts", "**/node_modules/**"],
          environment: "node",
          setupFiles: ["./apps/server/src/test/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/src/**/*.api.test.ts"],
          environment: "node",
          setupFiles: ["./apps/server/src/test/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["apps/web/e2e/**/*.e2e.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A polled page state (a count, a pressed button) may take seconds on a busy machine.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
          setupFiles: ["./apps/server/src/test/fail-on-console-error.ts"],
        },
      },
    ],
  },
});
