import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./test/cli";
import { freshDatabaseUrl } from "./test/test-server";

let dir: string;
let db: Awaited<ReturnType<typeof freshDatabaseUrl>>;

const cli = (...args: string[]) => runCli(db.url, ...args);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "wf-cli-"));
  db = await freshDatabaseUrl(path.join(dir, "cli.db"));
});
afterAll(async () => {
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("watchfloor CLI", () => {
  it("documents every command", async () => {
    const top = await cli("--help");
    for (const command of ["serve", "migrate", "seed", "user", "tenant"]) expect(top.stdout).toContain(command);
    expect((await cli("serve", "--help")).stdout).toContain("--port");
    expect((await cli("user", "create", "--help")).stdout).toContain("--email");
    expect((await cli("tenant", "create", "--help")).stdout).toContain("--slug");
  });

  it("migrates, seeds the demo tenants once, and creates tenants and users", async () => {
    expect((await cli("migrate")).stdout).toMatch(/Applied: 0001-foundation|up to date/);
    const messy = path.join(dir, "messy.csv");
    const seeded = await cli("seed", "--messy-sample", messy);
    expect(seeded.stdout).toContain("Created 5 demo tenants");
    expect(seeded.stdout).toContain("demo alerts");
    const imported = await cli("import", "alerts", messy, "--tenant", "tenant-b");
    expect(imported.stdout).toMatch(
      /as sample-csv into Tenant B: 80 rows read, \d+ created, \d+ updated, [1-9]\d* rejected, [1-9]\d* data-quality findings/,
    );
    expect(imported.stdout).toContain('"Yes" is not one of Manual, Automated');
    expect((await cli("seed")).stdout).toContain("nothing seeded");
    expect((await cli("tenant", "create", "--name", "Acme Corp", "--slug", "acme")).stdout).toContain("Created tenant Acme Corp");
    const duplicate = await cli("tenant", "create", "--name", "Acme", "--slug", "acme");
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain("already exists");
    const owner = await cli(
      "user",
      "create",
      "--email",
      "owner@example.test",
      "--name",
      "Owner",
      "--title",
      "CISO",
      "--password",
      "Harbor-Signal-2026",
    );
    expect(owner.stdout).toContain("platform owner of every tenant");
    const analyst = await cli(
      "user",
      "create",
      "--email",
      "ana@example.test",
      "--name",
      "Ana",
      "--password",
      "Analyst-Password-2026",
      "--tenant",
      "tenant-b",
      "--role",
      "analyst",
    );
    expect(analyst.stdout).toContain("as analyst in tenant-b");
    const weak = await cli("user", "create", "--email", "weak@example.test", "--name", "W", "--password", "short");
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("at least 12 characters");
  }, 90_000); // ten CLI processes, each loading the sources: 21 to 25 s on a quiet machine
});
