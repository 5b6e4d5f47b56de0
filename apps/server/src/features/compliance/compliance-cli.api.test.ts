import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../test/cli";
import { freshDatabaseUrl } from "../../test/test-server";

const scoutsuite = path.resolve(
  fileURLToPath(new URL("../../../../../../shared/data/compliance/scoutsuite/scoutsuite_aws_results.js", import.meta.url)),
);
let dir: string;
let db: Awaited<ReturnType<typeof freshDatabaseUrl>>;

const cli = (...args: string[]) => runCli(db.url, ...args);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "wf-compliance-cli-"));
  db = await freshDatabaseUrl(path.join(dir, "cli.db"));
});
afterAll(async () => {
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("watchfloor import compliance", () => {
  it("imports a shared file, replaces it on a second import, and refuses a malformed one whole", {
    timeout: 90_000,
  }, async () => {
    expect((await cli("migrate")).code).toBe(0);
    expect((await cli("tenant", "create", "--name", "Cloud Co", "--slug", "cloud-co")).code).toBe(0);
    const first = await cli("import", "compliance", scoutsuite, "--tenant", "cloud-co");
    expect(first.stdout).toContain(
      "as scoutsuite into Cloud Co: 148 records read, 148 results in 1 scans, 132 framework mappings, 0 rejected.",
    );
    const again = await cli("import", "compliance", scoutsuite, "--tenant", "cloud-co");
    expect(again.stdout).toContain("148 results (replaced an earlier import of this scan)");
    const broken = path.join(dir, "broken.json");
    writeFileSync(broken, '[{"CheckID": "x", "Status": "FAIL"');
    const refused = await cli("import", "compliance", broken, "--tenant", "cloud-co", "--format", "prowler-json");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/rejected whole: The file is not valid JSON: the array is cut off.*Nothing was imported/);
  });
});
