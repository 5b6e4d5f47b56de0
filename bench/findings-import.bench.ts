import { execFile } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { once } from "node:events";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { type Finding, findingInputSchema } from "@watchfloor/shared";
import { importFindingFile } from "../apps/server/src/features/findings/findings-import.service";
import { newFindingRow } from "../apps/server/src/features/findings/findings-import.rows";
import { importNessus, sourceFromFile } from "../apps/server/src/importers/findings";
import { newId } from "../apps/server/src/lib/tokens";
import { benchApp } from "./bench-app";
import { type Benchmark, sampleRss } from "./harness";

const FINDINGS = Number(process.env.BENCH_FINDINGS_TOTAL ?? 50_000);
const SMALL = Math.round(FINDINGS / 5);
const HEAP_MB = 192;
const sample = path.resolve(
  fileURLToPath(new URL("../../shared/data/vulnscans/nessus/nessus_with_cvssv3.nessus", import.meta.url)),
);

/**
 * A Nessus v2 file with the shared sample's structure: its policy block once, then its one
 * ReportHost (49 items: 26 findings of which one is a duplicate, 23 informational) repeated for
 * as many hosts as it takes, each with its own name and address. Written as a stream.
 */
async function generateNessus(file: string, findings: number): Promise<{ hosts: number; records: number }> {
  const lines = readFileSync(sample, "utf8").split("\n");
  const start = lines.findIndex((l) => l.includes("<ReportHost "));
  const end = lines.findIndex((l) => l.includes("</ReportHost>"));
  const head = lines.slice(0, start).join("\n");
  const host = lines.slice(start, end + 1).join("\n");
  const tail = lines.slice(end + 1).join("\n");
  const perHost = 25;
  const hosts = Math.ceil(findings / perHost);
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(`${head}\n`);
  for (let i = 0; i < hosts; i++) {
    const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    await write(`${host.replaceAll("testphp.vulnweb.com", `host-${i}.bench.example`).replaceAll("44.228.249.3", ip)}\n`);
  }
  await write(tail);
  out.end();
  await once(out, "finish");
  return { hosts, records: hosts * 26 };
}

interface ChildResult {
  seconds: number;
  /** CPU seconds of the whole process (main thread, parsing worker, SQLite). */
  cpuSeconds: number;
  created: number;
  records: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/**
 * One import in a process of its own (so the RSS figures are this import's alone): the service
 * path the CLI and the upload take, into on-disk SQLite, sampling RSS every 20 ms.
 */
async function childImport(file: string): Promise<ChildResult> {
  const server = await benchApp();
  const tenantId = server.tenants[0]?.id ?? "";
  const rss = sampleRss();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await importFindingFile(server.ctx, tenantId, sourceFromFile(file), {
    filename: path.basename(file),
    doer: { userId: null, name: "bench" },
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const peak = Math.max(rss.stop(), process.resourceUsage().maxRSS * 1024);
  const stored = await server.ctx.db
    .selectFrom("findings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  await server.close();
  if (Number(stored.n) !== report.created) throw new Error(`report says ${report.created} created, ${stored.n} stored`);
  return {
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    created: report.created,
    records: report.rowsRead,
    rssBeforeMb: rss.before / 1_048_576,
    peakRssMb: peak / 1_048_576,
  };
}

async function timedImport(findings: number, dir: string): Promise<ChildResult & { rate: number; rssGrowthMb: number }> {
  const file = path.join(dir, `scan-${findings}.nessus`);
  await generateNessus(file, findings);
  // The same V8 heap cap for both sizes: a streaming import fits in it whatever the file size, and
  // without a cap V8 lets garbage pile up in proportion to the work before collecting it.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, "--import", "tsx", fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, WF_FINDINGS_BENCH_CHILD: file },
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      maxBuffer: 1 << 20,
    },
  );
  const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as ChildResult;
  if (result.created !== findings) throw new Error(`expected ${findings} findings, got ${result.created}`);
  return { ...result, rate: findings / result.seconds, rssGrowthMb: result.peakRssMb - result.rssBeforeMb };
}

if (process.env.WF_FINDINGS_BENCH_CHILD) {
  console.log(JSON.stringify(await childImport(process.env.WF_FINDINGS_BENCH_CHILD)));
  process.exit(0);
}

/** The same findings as plain rows through one prepared INSERT in 10,000-row transactions. */
async function rawInsert(findings: number, dir: string) {
  const file = path.join(dir, "raw-scan.nessus");
  await generateNessus(file, findings);
  const records: Finding[] = [];
  const seen = new Set<string>();
  for await (const event of importNessus(sourceFromFile(file))) {
    if (event.kind !== "record") continue;
    const f = findingInputSchema.parse(event.finding);
    const key = `${f.ip}|${f.scannerFindingId}|${f.port}`;
    if (!seen.has(key)) records.push(f);
    seen.add(key);
  }
  const server = await benchApp();
  const tenantId = server.tenants[0]?.id ?? "";
  const dbFile = path.join(server.dir, "watchfloor.db");
  const now = Date.now();
  const assets = new Map<string, string>();
  for (const f of records) if (!assets.has(f.ip ?? "")) assets.set(f.ip ?? "", newId());
  const asset = (id: string, n: number) => ({
    id,
    asset_key: `ASSET-${String(n).padStart(4, "0")}`,
    name: id,
    type: "Server",
    department: null,
    business_impact: null,
    client_environment: null,
  });
  const rows = records.map((f, i) =>
    newFindingRow({
      tenantId,
      id: newId(),
      record: f,
      asset: asset(assets.get(f.ip ?? "") ?? "", i),
      identities: [],
      firstSeen: now,
      seenAt: now,
      now,
      slaDays: 30,
      cvss: null,
      intel: { kev: false, epss: null, epssPercentile: null },
    }),
  );
  await server.app.close();
  const sqlite = new SQLite(dbFile);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = OFF");
  const columns = Object.keys(rows[0] ?? {});
  const insert = sqlite.prepare(`insert into findings (${columns.join(",")}) values (${columns.map((c) => `@${c}`).join(",")})`);
  const insertMany = sqlite.transaction((chunk: typeof rows) => {
    for (const row of chunk) insert.run(row);
  });
  const started = performance.now();
  for (let i = 0; i < rows.length; i += 10_000) insertMany(rows.slice(i, i + 10_000));
  const seconds = (performance.now() - started) / 1000;
  sqlite.close();
  await server.close();
  return { rate: rows.length / seconds };
}

/**
 * Scanner import: a 50,000-finding Nessus file (about 350 MB) generated from the shared sample's
 * structure, streamed through the importer (parsed in a worker thread) into on-disk SQLite (asset
 * matching, upsert, sources, CVE links, fixed detection, one transaction), against a raw prepared
 * insert of the same finding rows in this run. Each import runs in a process of its own; RSS
 * growth is shown for a file one fifth the size too: constant memory means they are alike.
 */
export const benchmark: Benchmark = {
  title: `Scanner import: ${FINDINGS.toLocaleString("en")}-finding Nessus file vs raw prepared inserts`,
  async run() {
    const dir = mkdtempSync(path.join(tmpdir(), "wf-bench-scans-"));
    try {
      const small = await timedImport(SMALL, dir);
      const big = await timedImport(FINDINGS, dir);
      const raw = await rawInsert(FINDINGS, dir);
      return [
        { name: "raw prepared insert of the rows (baseline)", value: raw.rate, unit: "findings/s" },
        {
          name: `Nessus import, ${FINDINGS.toLocaleString("en")} findings`,
          value: big.rate,
          unit: "findings/s",
          baseline: { name: "raw insert", value: raw.rate },
        },
        { name: "  records read (incl. informational)", value: big.records / big.seconds, unit: "records/s" },
        // Wall-clock rates depend on what else the machine runs; CPU time much less so.
        { name: "  findings per CPU-second (all threads)", value: FINDINGS / big.cpuSeconds, unit: "findings/s" },
        { name: "  CPU use (1.0 = one core busy)", value: big.cpuSeconds / big.seconds, unit: "cores" },
        {
          name: `  peak RSS growth (heap cap ${HEAP_MB} MB)`,
          value: big.rssGrowthMb,
          unit: "MB",
          baseline: { name: `${SMALL.toLocaleString("en")} findings`, value: small.rssGrowthMb },
        },
        { name: `Nessus import, ${SMALL.toLocaleString("en")} findings`, value: small.rate, unit: "findings/s" },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
