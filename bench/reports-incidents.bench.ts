import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { reportIncidentFileLimit, reportQuerySchema } from "@watchfloor/shared";
import type { AppContext } from "../apps/server/src/context";
import { incidentsPdf, ROWS_PER_PAGE } from "../apps/server/src/features/reports/incidents-pdf";
import {
  incidentListPages,
  incidentsReport,
  periodIncidents,
} from "../apps/server/src/features/reports/incidents-report.service";
import { type ReportInput, reportInput } from "../apps/server/src/features/reports/report-params";
import { collect, cover, layout, table } from "../apps/server/src/features/reports/report-pdf";
import { incidentsTables } from "../apps/server/src/features/reports/report-tables";
import { benchApp } from "./bench-app";
import type { Benchmark, Figure } from "./harness";
import { signInOwner } from "./million";

const SIZES = [100, 1_000, 5_000];
/**
 * V8 heap caps for the children: without one V8 lets garbage pile up in proportion to the work.
 * The streamed PDF makes 5,000 incidents in 128 MB; pdfmake's table ran out of 256 MB there.
 */
const HEAP_MB = { streamed: 128, whole: 1024 };
const here = path.dirname(fileURLToPath(import.meta.url));

interface ChildResult {
  ms: number;
  bytes: number;
  /** Live heap (after a full GC) above where it was before the PDF: the peak seen while it was made. */
  liveHeapMb: number;
  /** The process's peak RSS above its peak before the PDF (after a warm-up PDF). */
  rssGrowthMb: number;
}

const heapNow = () => {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1_048_576;
};

/**
 * The streamed PDF, its live heap sampled after a full GC as each page of incidents is read; the
 * pdfmake table, its live heap sampled once the layout of every row is done (pdfmake lays out
 * the whole document before it writes, and keeps it until the end).
 */
async function measured(ctx: AppContext, input: ReportInput, way: string, sampling = true) {
  const liveHeap = () => (sampling ? heapNow() : 0);
  const base = liveHeap();
  let peak = base;
  const r = await incidentsReport(ctx, input);
  if (way === "streamed") {
    const list = await incidentListPages(ctx, input, input.generatedAt + 1);
    async function* sampled() {
      for await (const page of list.pages) {
        peak = Math.max(peak, liveHeap());
        yield page;
      }
      peak = Math.max(peak, liveHeap());
    }
    const pdf = await incidentsPdf(r, { ...list, pages: sampled() }, input.brand);
    return { pdf, liveHeapMb: peak - base };
  }
  const { items } = await periodIncidents(ctx, input, reportIncidentFileLimit);
  const incidents = incidentsTables(r, items).find((t) => t.name === "incidents");
  if (!incidents) throw new Error("no incidents table");
  const { doc } = await layout(r.meta, [...cover(r.meta, true, input.brand), ...table(incidents)], input.brand);
  peak = Math.max(peak, liveHeap());
  const pdf = await collect(doc)();
  return { pdf, liveHeapMb: peak - base };
}

/**
 * One PDF in a process of its own: a warm-up PDF of another tenant first (fonts, code,
 * statements), then the measured one. RSS is the kernel's high-water mark (maxRSS).
 */
async function child(file: string, way: string, tenantId: string, warmTenantId: string): Promise<ChildResult> {
  const server = await benchApp(file);
  const scope = { tenantIds: [tenantId, warmTenantId], memberTenantIds: [tenantId, warmTenantId], selected: null };
  const input = (id: string) =>
    reportInput(server.ctx, scope, reportQuerySchema.parse({ tenants: id, period: "last7", tz: "UTC" }), "bench");
  await measured(server.ctx, await input(warmTenantId), way, false);
  global.gc?.();
  const rssBefore = process.resourceUsage().maxRSS / 1024;
  // Timed without the heap samples (each is a full GC), then again for the heap.
  const started = performance.now();
  await measured(server.ctx, await input(tenantId), way, false);
  const ms = performance.now() - started;
  const rssGrowthMb = process.resourceUsage().maxRSS / 1024 - rssBefore;
  const { pdf, liveHeapMb } = await measured(server.ctx, await input(tenantId), way);
  await server.ctx.db.destroy();
  return { ms, bytes: pdf.length, liveHeapMb, rssGrowthMb };
}

if (process.env.WF_INCIDENTS_BENCH_CHILD) {
  const [file, way, tenantId, warm] = process.env.WF_INCIDENTS_BENCH_CHILD.split("|");
  console.log(JSON.stringify(await child(file ?? "", way ?? "", tenantId ?? "", warm ?? "")));
  process.exit(0);
}

async function inChild(file: string, way: string, tenantId: string, warm: string): Promise<ChildResult> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        `--max-old-space-size=${HEAP_MB[way as keyof typeof HEAP_MB]}`,
        "--expose-gc",
        "--import",
        "tsx",
        fileURLToPath(import.meta.url),
      ],
      { env: { ...process.env, WF_INCIDENTS_BENCH_CHILD: [file, way, tenantId, warm].join("|") }, cwd: here, maxBuffer: 1 << 20 },
    );
    return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as ChildResult;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? "");
    throw new Error(
      `${way} PDF of ${tenantId}: ${stderr
        .split("\n")
        .filter((l) => !/^\s*\d+: 0x/.test(l))
        .slice(0, 15)
        .join("\n")}`,
    );
  }
}

/**
 * The incidents report's PDF at constant memory (issue 14): a tenant's last 7 days with 100, one
 * with 1,000 and one with 5,000 incidents more (made through the API, as analysts would), each PDF
 * made in a child process of its own. Its live heap should not grow with the incidents.
 * Baseline in the same run: pdfmake laying out the same incidents as one table (as the other
 * reports make their tables, and as this list was made before it was streamed).
 */
export const benchmark: Benchmark = {
  title: "Incidents report PDF: streamed list against one pdfmake table (SQLite, child processes)",
  async run() {
    const server = await benchApp();
    const { cookie } = await signInOwner(server);
    const session = await server.app.inject({ method: "GET", url: "/api/v1/auth/session", headers: { cookie } });
    const csrf = session.json().csrfToken as string;
    const csrfCookie = session.cookies.find((c) => c.name === "wf_csrf")?.value;
    // One demo tenant per size (their own incidents of the week count too), a fourth to warm up.
    const tenants = server.tenants.slice(0, SIZES.length);
    const warm = server.tenants[SIZES.length];
    if (tenants.length < SIZES.length || !warm) throw new Error("the demo tenants are missing");
    const file = path.join(server.dir, "watchfloor.db");
    const listed: number[] = [];
    for (const [t, tenant] of tenants.entries()) {
      for (let i = 0; i < (SIZES[t] ?? 0); i++) {
        const created = await server.app.inject({
          method: "POST",
          url: "/api/v1/incidents",
          headers: { cookie: `${cookie}; wf_csrf=${csrfCookie}`, "x-csrf-token": csrf },
          payload: {
            tenantId: tenant.id,
            title: `Bench incident ${i} with a title of ordinary length`,
            priority: ["Critical", "High", "Medium", "Low"][i % 4],
          },
        });
        if (created.statusCode !== 201) throw new Error(`incident -> ${created.statusCode} ${created.body.slice(0, 200)}`);
      }
      const report = await server.app.inject({
        method: "GET",
        url: `/api/v1/reports/incidents?tenants=${tenant.id}&period=last7&tz=UTC`,
        headers: { cookie },
      });
      listed.push(report.json().totals.created.current as number);
    }
    // The children have the database to themselves: no background job of this process runs beside them.
    await server.app.close();
    await server.database.destroy();
    const figures: Figure[] = [];
    let first: { n: number; heap: number } | undefined;
    for (const [t, tenant] of tenants.entries()) {
      const count = listed[t] ?? 0;
      const label = `${count.toLocaleString("en")} incidents`;
      const streamed = await inChild(file, "streamed", tenant.id, warm.id);
      const whole = await inChild(file, "whole", tenant.id, warm.id);
      first ??= { n: count, heap: streamed.liveHeapMb };
      const vsFirst = count === first.n ? {} : { baseline: { name: `streamed, ${first.n}`, value: first.heap } };
      const vsStreamed = (value: number) => ({ baseline: { name: "streamed", value } });
      figures.push({ name: `streamed, ${label}: live heap peak`, value: streamed.liveHeapMb, unit: "MB", ...vsFirst });
      figures.push({
        name: `pdfmake table, ${label}: live heap peak`,
        value: whole.liveHeapMb,
        unit: "MB",
        ...vsStreamed(streamed.liveHeapMb),
      });
      figures.push({ name: `streamed, ${label}: peak RSS growth`, value: streamed.rssGrowthMb, unit: "MB" });
      figures.push({
        name: `pdfmake table, ${label}: peak RSS growth`,
        value: whole.rssGrowthMb,
        unit: "MB",
        ...vsStreamed(streamed.rssGrowthMb),
      });
      figures.push({
        name: `streamed, ${label} (${Math.ceil(count / ROWS_PER_PAGE)} list pages, ${Math.round(streamed.bytes / 1024)} KB)`,
        value: streamed.ms,
        unit: "ms",
      });
      figures.push({ name: `pdfmake table, ${label}`, value: whole.ms, unit: "ms", ...vsStreamed(streamed.ms) });
    }
    rmSync(server.dir, { recursive: true, force: true });
    return figures;
  },
};
