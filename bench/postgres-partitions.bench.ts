import { sql } from "kysely";
import { applyRetention } from "../apps/server/src/features/retention/retention.service";
import { type Benchmark, type Figure, percentile, sample } from "./harness";
import { COUNT, NOW, openMillion } from "./million";

const DAY = 86_400_000;
const CALLS = 20;

/**
 * Whether PostgreSQL should partition the alerts table by time (issue 19), measured on a copy of
 * the million-alert database: retention as built (batched deletes) and what the list costs while
 * it runs; then the same alerts in a table partitioned by day of detection, with the same
 * indexes, read through the same API (the tables swap names), and retention there (a partition
 * dropped).
 */
export const benchmark: Benchmark = {
  title: `Partitioning alerts by day on PostgreSQL: ${COUNT.toLocaleString("en")} alerts, list p95 of ${CALLS} calls`,
  async run() {
    const million = await openMillion("postgres");
    const { ctx } = million;
    const figures: Figure[] = [];
    try {
      const p95 = async (url: string) => {
        const probe = await million.get(url);
        if (probe.statusCode !== 200) throw new Error(`${url} -> ${probe.statusCode}`);
        return percentile(await sample(() => million.get(url), CALLS, 3), 95);
      };
      const sampleRow = (await million.get("/api/v1/alerts?limit=1")).json().items[0];
      const cases: [string, string][] = [
        ["first page, newest first", ""],
        ["filter one tenant", `tenant=${million.tenants[2]?.id}`],
        ["filter status=Open", "status=Open"],
        ["filter last 7 days", `from=${new Date(NOW - 7 * DAY).toISOString()}`],
        ["sort priority desc", "sort=priority&dir=desc"],
        ["sort name asc", "sort=name&dir=asc"],
        ["filter priority=High + sort name", "priority=High&sort=name&dir=asc"],
        ["free text: hostname", `q=${encodeURIComponent(sampleRow.hostname ?? "ws")}`],
      ];
      const idle = await p95("/api/v1/alerts");

      // Retention as built: every tenant keeps 29 days of its 30, so about a thirtieth goes.
      const cutoff = NOW - 29 * DAY;
      const retentionDays = Math.ceil((Date.now() - cutoff) / DAY);
      await ctx.db.updateTable("tenants").set({ retention_days: retentionDays }).execute();
      let retaining = true;
      const during: number[] = [];
      const reader = (async () => {
        while (retaining) during.push(...(await sample(() => million.get("/api/v1/alerts"), 5, 0)));
      })();
      const started = performance.now();
      const outcomes = await applyRetention(ctx);
      const seconds = (performance.now() - started) / 1000;
      retaining = false;
      await reader;
      const deleted = outcomes.reduce((sum, o) => sum + o.alerts, 0);
      const idleFirstPage = { name: "first page, idle", value: idle };
      figures.push(
        { name: "retention: alerts deleted (batches of 500)", value: deleted, unit: "alerts" },
        { name: "retention: time", value: seconds, unit: "s" },
        { name: "retention: rate", value: deleted / seconds, unit: "alerts/s" },
        { name: "list first page while retention runs", value: percentile(during, 95), unit: "ms p95", baseline: idleFirstPage },
        { name: "list first page, calls while retention ran", value: during.length, unit: "calls" },
      );

      // The plain table as it is now, then the partitioned one under the same name.
      const plain = new Map<string, number>();
      for (const [name, query] of cases) plain.set(name, await p95(`/api/v1/alerts?${query}`));
      const built = await partitionByDay(million);
      figures.push({ name: "partitioned copy: build (insert, indexes, analyze)", value: built.seconds, unit: "s" });
      figures.push({ name: "partitioned copy: partitions", value: built.partitions, unit: "" });
      for (const [name, query] of cases) {
        const value = await p95(`/api/v1/alerts?${query}`);
        figures.push({
          name: `partitioned: ${name}`,
          value,
          unit: "ms p95",
          baseline: { name: "plain table", value: plain.get(name) ?? Number.NaN },
        });
      }

      // Retention on the partitioned table: the oldest whole day goes in one statement.
      const oldest = built.names[0] ?? "";
      const dayRows = Number(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(oldest)}`.execute(ctx.db)).rows[0]?.n ?? 0,
      );
      const dropStarted = performance.now();
      await sql`drop table ${sql.table(oldest)}`.execute(ctx.db);
      const dropMs = performance.now() - dropStarted;
      figures.push(
        { name: "partitioned: alerts in the oldest day", value: dayRows, unit: "alerts" },
        {
          name: "partitioned: drop that day",
          value: dropMs,
          unit: "ms",
          baseline: { name: "batched deletes of as many (at the rate above)", value: (dayRows / (deleted / seconds)) * 1000 },
        },
      );
    } finally {
      await million.close();
    }
    return figures;
  },
};

/**
 * Copies the alerts into `alerts_by_day` (partitioned by range of detected_at, one partition a
 * day), recreates every index of `alerts` on it (a unique index without detected_at cannot be
 * unique on a partitioned table, so those become plain), and swaps the names, so the API reads
 * the partitioned table. Foreign keys keep pointing at the plain table, which reads never use.
 */
async function partitionByDay({ ctx }: Awaited<ReturnType<typeof openMillion>>) {
  const started = performance.now();
  const range = await sql<{
    low: string;
    high: string;
  }>`select min(detected_at) as low, max(detected_at) as high from alerts`.execute(ctx.db);
  const low = Math.floor(Number(range.rows[0]?.low) / DAY) * DAY;
  const high = Number(range.rows[0]?.high);
  await sql`create table alerts_by_day (like alerts including defaults) partition by range (detected_at)`.execute(ctx.db);
  const names: string[] = [];
  for (let from = low; from <= high; from += DAY) {
    const name = `alerts_d${new Date(from).toISOString().slice(0, 10).replaceAll("-", "")}`;
    names.push(name);
    await sql`create table ${sql.table(name)} partition of alerts_by_day for values from (${sql.lit(from)}) to (${sql.lit(from + DAY)})`.execute(
      ctx.db,
    );
  }
  await sql`insert into alerts_by_day select * from alerts`.execute(ctx.db);
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'alerts'`.execute(ctx.db);
  for (const { indexname, indexdef } of indexes.rows) {
    const definition = indexdef
      .replace("CREATE UNIQUE INDEX", "CREATE INDEX")
      .replace(` ${indexname} ON public.alerts `, ` ${indexname}_by_day ON public.alerts_by_day `);
    await sql.raw(definition).execute(ctx.db);
  }
  await sql`analyze alerts_by_day`.execute(ctx.db);
  await sql`alter table alerts rename to alerts_plain`.execute(ctx.db);
  await sql`alter table alerts_by_day rename to alerts`.execute(ctx.db);
  return { seconds: (performance.now() - started) / 1000, partitions: names.length, names };
}
