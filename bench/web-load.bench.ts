import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
import { signUpFirstUser } from "../apps/web/e2e/support/browser";
import { startServer, webDir } from "../apps/web/e2e/support/server";
import type { Benchmark, Figure } from "./harness";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const dist = path.join(webDir, "dist");

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/**
 * The JavaScript a first visit to /dashboard must download before it renders: the entry and
 * its static imports plus the dashboard route chunk and its static imports. Dynamic imports
 * (ECharts, the map) are lazy and not counted. Sizes are gzip level 6, what a proxy would send.
 */
function initialJavaScript(): { files: string[]; gzipBytes: number; rawBytes: number } {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const route = Object.keys(manifest).find((key) => key.endsWith("app/routes/dashboard.tsx"));
  if (!entry || !route) throw new Error("the build manifest lacks the entry or the dashboard route: rebuild apps/web");
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry);
  visit(route);
  const files = [...seen].map((key) => manifest[key]?.file ?? "").filter((f) => f.endsWith(".js"));
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const body = readFileSync(path.join(dist, file));
    rawBytes += body.length;
    gzipBytes += gzipSync(body).length;
  }
  return { files, gzipBytes, rawBytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * First load of /dashboard: initial JavaScript from the build, and Lighthouse's performance score
 * (desktop preset, Debian's Chromium) for the signed-in dashboard against the signed-out sign-in
 * page, a minimal page of the same app and server measured in the same run.
 */
export const benchmark: Benchmark = {
  title: "Web first load: initial JavaScript and Lighthouse performance (desktop preset)",
  async run() {
    if (!existsSync(path.join(dist, ".vite", "manifest.json"))) {
      const built = spawnSync("npx", ["vite", "build"], { cwd: webDir, stdio: "inherit" });
      if (built.status !== 0) throw new Error("vite build failed");
    }
    const js = initialJavaScript();
    const figures: Figure[] = [
      {
        name: `initial JS for /dashboard (${js.files.length} files, gzip)`,
        value: js.gzipBytes / 1024,
        unit: "KB",
        baseline: { name: "the 250 KB budget", value: 250 },
      },
      { name: "initial JS for /dashboard (uncompressed)", value: js.rawBytes / 1024, unit: "KB" },
    ];

    const server = await startServer({ WATCHFLOOR_SIGNIN_RATE_PER_MINUTE: "100000" });
    const chrome = await launch({
      chromePath: "/usr/bin/chromium",
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    try {
      const audit = async (url: string) => {
        const result = await lighthouse(
          url,
          { port: chrome.port, output: "json", logLevel: "error", disableStorageReset: true, onlyCategories: ["performance"] },
          desktopConfig,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
        if (!lhr.finalDisplayedUrl.includes(new URL(url).pathname))
          throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
        return {
          score: (lhr.categories.performance?.score ?? 0) * 100,
          lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
          tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        };
      };
      // The baseline first, signed out: the sign-in page of the same app and server.
      const login: number[] = [];
      for (let i = 0; i < RUNS; i++) login.push((await audit(`${server.baseUrl}/login`)).score);
      // Then sign up through the UI in the same browser so Lighthouse (which keeps storage) loads the dashboard signed in.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]?.newPage();
      if (!page) throw new Error("no browser context");
      await signUpFirstUser(page, server.baseUrl);
      await page.close();

      const dashboard: { score: number; lcp: number; tbt: number }[] = [];
      for (let i = 0; i < RUNS; i++) dashboard.push(await audit(`${server.baseUrl}/dashboard`));
      const loginScore = median(login);
      figures.push(
        {
          name: `Lighthouse performance /dashboard (median of ${RUNS})`,
          value: median(dashboard.map((d) => d.score)),
          unit: "score",
          baseline: { name: "/login", value: loginScore },
        },
        { name: "/dashboard largest contentful paint (median)", value: median(dashboard.map((d) => d.lcp)), unit: "ms" },
        { name: "/dashboard total blocking time (median)", value: median(dashboard.map((d) => d.tbt)), unit: "ms" },
      );
      await browser.close();
    } finally {
      await chrome.kill();
      await server.stop();
    }
    return figures;
  },
};
