import { writeFileSync } from "node:fs";
import { Command, InvalidArgumentError } from "commander";
import { emailSchema, passwordProblemMessages, passwordProblems, roleSchema, slugSchema } from "@watchfloor/shared";
import { buildApp } from "./app";
import { backgroundWork } from "./background-work";
import { ConfigError, loadEnv } from "./config/env";
import { migrateToLatest } from "./db/migrate";
import { openDatabase } from "./db/database";
import { indexPendingAlerts } from "./features/alerts/alert-search.repository";
import { seedDemoAlerts } from "./seed/demo-alerts";
import { seedDemoAssets } from "./seed/demo-assets";
import { registerAttackCommand } from "./features/attack/attack.command";
import { registerImportCommand } from "./features/imports/import.command";
import { alertImportDestinations } from "./import-destinations";
import { registerFindingsCommand } from "./features/findings/findings.command";
import { registerRollupsCommand } from "./features/rollups/rollups.command";
import { registerAttackSurfaceCommand } from "./features/attack-surface/attack-surface.command";
import { registerComplianceCommand } from "./features/compliance/compliance.command";
import { generateMessySampleCsv } from "./seed/messy-sample-csv";
import { indexPendingFindings } from "./features/findings/findings-search.repository";
import { hashPassword } from "./features/auth/password-hash";
import { createAccount } from "./features/auth/new-account";
import { addMembership, countUsers, findUserByEmail } from "./features/users/users.repository";
import { seedDemoTenants } from "./seed/demo-tenants";
import { findTenantBySlug } from "./features/tenants/tenants.repository";
import { createTenant } from "./features/tenants/tenants.service";
import { newId } from "./lib/tokens";
import { IdleGate } from "./lib/idle-gate";
import { inTimedSlices } from "./lib/yield";
import { defaultWebDist, openRuntime } from "./runtime";

class UsageError extends Error {}

/**
 * Rows added to a search index per transaction: as many as take about 10 ms, commit included
 * (FTS5 writes its terms then); the event loop runs between (docs/architecture.md, "Long work").
 */
const SEARCH_INDEX_SLICES = { targetMs: 10, min: 10, max: 2000, first: 50 };

/** How often `serve` refreshes the SQLite planner's statistics (database.ts, optimize). */
const PLANNER_STATISTICS_MS = 6 * 3_600_000;

const program = new Command()
  .name("watchfloor")
  .description(
    "Watchfloor security-operations dashboard. The database is WATCHFLOOR_DATABASE_URL (postgres://...) or SQLite under ./data.",
  )
  .showHelpAfterError();

const port = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError("must be a port number 0-65535");
  return n;
};

program
  .command("serve")
  .description("apply migrations, create demo tenants on an empty database, and serve the API and web app")
  .option("-p, --port <port>", "port to listen on (default: PORT or 3000)", port)
  .option("--host <host>", "address to bind (default: HOST or 127.0.0.1)")
  .option("--no-demo", "do not create the demo tenants on an empty database")
  .action(async (options: { port?: number; host?: string; demo: boolean }) => {
    const env = loadEnv();
    const runtime = await openRuntime(env, { liveFeed: true });
    const { ctx } = runtime;
    if (options.demo && env.WATCHFLOOR_DEMO && (await seedDemoTenants(ctx)) > 0) {
      await seedDemoAlerts(ctx);
      await seedDemoAssets(ctx);
    }
    const { app } = await buildApp(ctx, { webDist: env.WATCHFLOOR_WEB_DIST ?? defaultWebDist() });
    const address = await app.listen({ port: options.port ?? env.PORT, host: options.host ?? env.HOST });
    const url = address.replace("[::1]", "localhost");
    const firstUser = (await countUsers(ctx.db)) === 0;
    process.stdout.write(
      [
        "",
        `  Watchfloor is running at ${url}`,
        `  Database: ${runtime.database.location}`,
        firstUser
          ? `  Sign in: open ${url}/signup and create the first account; it becomes the owner of every tenant.`
          : `  Sign in: open ${url}/login with your account (an owner can invite others from Administration).`,
        `  API docs: ${url}/api/docs`,
        // Say so loudly: a moved clock changes every due time and session expiry.
        ...(env.WATCHFLOOR_TEST_CLOCK ? ["  Test clock: ON (POST /api/v1/test/clock moves server time; test runs only)"] : []),
        "",
      ].join("\n"),
    );
    // SLA and overdue checks, risk snapshots, retention and report schedules: jobs claimed in the
    // database, so each runs once however many servers share it (src/background-work.ts).
    const jobs = backgroundWork(ctx, (error, message) => app.log.error({ err: error }, message));
    ctx.jobs = jobs;
    jobs.start();
    // The SQLite search index is filled off the ingestion path, when the server is not busy
    // (at most a minute later); search stays exact meanwhile.
    let indexing = false;
    const indexGate = new IdleGate();
    const indexTimer = setInterval(() => {
      if (indexing || !indexGate.open()) return;
      indexing = true;
      // In slices of a few milliseconds: one statement indexing 20,000 alerts held the thread for a second.
      inTimedSlices((n) => indexPendingAlerts(ctx.db, n), SEARCH_INDEX_SLICES)
        .then(() => inTimedSlices((n) => indexPendingFindings(ctx.db, n), SEARCH_INDEX_SLICES))
        .catch((error: unknown) => app.log.error({ err: error }, "search indexing failed"))
        .finally(() => {
          indexing = false;
          indexGate.reset();
        });
    }, 1000);
    indexTimer.unref();
    const statisticsTimer = setInterval(() => void runtime.database.optimize?.("used"), PLANNER_STATISTICS_MS);
    statisticsTimer.unref();
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      clearInterval(indexTimer);
      clearInterval(statisticsTimer);
      await jobs.stop();
      app.log.info({ signal }, "shutting down");
      await app.close();
      await runtime.close();
      process.exit(0);
    };
    process.on("SIGINT", () => void shutdown("SIGINT"));
    process.on("SIGTERM", () => void shutdown("SIGTERM"));
  });

program
  .command("migrate")
  .description("apply database migrations")
  .action(async () => {
    const env = loadEnv();
    const database = openDatabase(env.WATCHFLOOR_DATABASE_URL, env.WATCHFLOOR_DATA_DIR);
    const applied = await migrateToLatest(database.db as never);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
    await database.destroy();
  });

program
  .command("seed")
  .description("create the five demo tenants (Tenant A to Tenant E) with demo alerts on a database that has none")
  .option("--messy-sample <file>", "also write the spec-shaped sample CSV with its quirks (for `import alerts`) to this file")
  .option("--rows <n>", "rows in the messy sample", "80")
  .action(async (options: { messySample?: string; rows: string }) => {
    if (options.messySample) {
      writeFileSync(options.messySample, generateMessySampleCsv({ seed: 2026, count: Number(options.rows) || 80 }));
      console.log(`Wrote ${options.messySample}: the spec's sample shape with its quirks, for \`watchfloor import alerts\`.`);
    }
    const runtime = await openRuntime();
    const created = await seedDemoTenants(runtime.ctx);
    console.log(created ? `Created ${created} demo tenants.` : "Tenants already exist; nothing seeded.");
    const alerts = created ? await seedDemoAlerts(runtime.ctx) : 0;
    if (alerts) console.log(`Created ${alerts} demo alerts with a few incidents.`);
    const inventory = created ? await seedDemoAssets(runtime.ctx) : { assets: 0, findings: 0 };
    if (inventory.assets)
      console.log(`Created ${inventory.assets} demo assets with ${inventory.findings} vulnerability findings.`);
    await runtime.close();
  });

const user = program.command("user").description("manage user accounts");
user
  .command("create")
  .description("create a user account (the first account becomes the platform owner)")
  .requiredOption("--email <email>", "e-mail address used to sign in")
  .requiredOption("--name <name>", "display name")
  .option("--title <title>", "job title", "")
  .option("--password <password>", "password (default: WATCHFLOOR_NEW_PASSWORD)")
  .option("--tenant <slug...>", "tenant slug(s) to join")
  .option("--role <role>", "role in those tenants: owner, admin, analyst, viewer, executive", "analyst")
  .action(async (options: { email: string; name: string; title: string; password?: string; tenant?: string[]; role: string }) => {
    const email = emailSchema.parse(options.email);
    const role = roleSchema.parse(options.role);
    const password = options.password ?? process.env.WATCHFLOOR_NEW_PASSWORD ?? "";
    const problems = passwordProblems(password, email);
    if (problems.length) throw new UsageError(`Password: ${problems.map((p) => passwordProblemMessages[p]).join(" ")}`);
    const runtime = await openRuntime();
    const { ctx } = runtime;
    try {
      if (await findUserByEmail(ctx.db, email)) throw new UsageError(`A user with e-mail ${email} already exists.`);
      const tenants = [];
      for (const slug of options.tenant ?? []) {
        const tenant = await findTenantBySlug(ctx.db, slug);
        if (!tenant) throw new UsageError(`No tenant with slug ${slug}.`);
        tenants.push(tenant);
      }
      const id = newId();
      const now = ctx.now();
      const first = (await countUsers(ctx.db)) === 0;
      await createAccount(ctx.db, {
        id,
        email,
        displayName: options.name,
        jobTitle: options.title,
        passwordHash: await hashPassword(password),
        first,
        ip: null,
        at: now,
      });
      if (!first) for (const t of tenants) await addMembership(ctx.db, id, t.id, role, now);
      const access = first
        ? " (platform owner of every tenant)"
        : tenants.length
          ? ` as ${role} in ${tenants.map((t) => t.slug).join(", ")}`
          : "";
      console.log(`Created ${email}${access}.`);
    } finally {
      await runtime.close();
    }
  });

const tenant = program.command("tenant").description("manage tenants");
tenant
  .command("create")
  .description("create a tenant")
  .requiredOption("--name <name>", "tenant name")
  .requiredOption("--slug <slug>", "URL-safe short name, e.g. acme-corp")
  .action(async (options: { name: string; slug: string }) => {
    const slug = slugSchema.parse(options.slug);
    const runtime = await openRuntime();
    try {
      if (await findTenantBySlug(runtime.ctx.db, slug)) throw new UsageError(`A tenant with slug ${slug} already exists.`);
      const created = await createTenant(runtime.ctx, null, { name: options.name, slug });
      console.log(`Created tenant ${created.name} (${created.slug}, id ${created.id}).`);
    } finally {
      await runtime.close();
    }
  });

const usage = (message: string): never => {
  throw new UsageError(message);
};
registerImportCommand(program, usage, alertImportDestinations);
registerFindingsCommand(program, usage);
registerAttackSurfaceCommand(program, usage);
registerComplianceCommand(program, usage);
registerAttackCommand(program, usage);
registerRollupsCommand(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof UsageError) {
    console.error(error.message);
  } else if (error && typeof error === "object" && "issues" in error) {
    console.error(`Invalid input: ${(error as { issues: { message: string }[] }).issues.map((i) => i.message).join("; ")}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
