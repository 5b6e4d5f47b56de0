import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFacts } from "./support/alerts";
import { launchBrowser, openAs, signUpAndKeep, watchConsole } from "./support/browser";
import { allFindings, apiFindings, checkPage, importSample, listSettled, rowIds } from "./support/findings";
import { repoRoot, type RunningServer, startServer } from "./support/server";

const listPath = "/dashboard/risk/vulnerabilities";
const data = path.resolve(repoRoot, "../shared/data");
const samples = {
  nessus: path.join(data, "vulnscans/nessus/nessus_with_cvssv3.nessus"),
  openvas: path.join(data, "vulnscans/openvas/openvas_many_vuln.xml"),
  trivy: path.join(data, "vulnscans/trivy/scheme_2_many_vulns.json"),
  kev: path.join(data, "vulnintel/known_exploited_vulnerabilities.json"),
};

let server: RunningServer;
let browser: Browser;
let base: string;
let state: Awaited<ReturnType<BrowserContext["storageState"]>>;
let scratch: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  base = server.baseUrl;
  scratch = mkdtempSync(path.join(tmpdir(), "wf-vuln-e2e-"));
  state = await signUpAndKeep(browser, base, async (page) => {
    const { tenant } = await sessionFacts(page, base);
    // Real scanner output (OpenVAS, Trivy) in Tenant B; the Nessus sample is uploaded through the UI below.
    expect((await importSample(page, base, tenant("Tenant B"), samples.openvas)).created).toBeGreaterThan(0);
    expect((await importSample(page, base, tenant("Tenant B"), samples.trivy)).created).toBeGreaterThan(0);
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const open = (pathAndQuery: string, width = 1400) => openAs(browser, state, `${base}${pathAndQuery}`, width);

describe("vulnerability management", () => {
  it("filters and sorts the list with every value in the URL: reload, a pasted link, back and the CSV export agree", async () => {
    const { context, page, consoleWatch } = await open(listPath);
    await listSettled(page);
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("group", { name: "Priority" }).getByLabel("Critical").check();
    await page.getByRole("group", { name: "Priority" }).getByLabel("High").check();
    await page.getByLabel("Score from", { exact: true }).fill("7");
    await page.getByLabel("Scanner", { exact: true }).fill("openvas");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((u) => u.searchParams.get("scanner") === "openvas" && u.searchParams.get("scoreMin") === "7");
    await page.getByRole("button", { name: "Remove filter Priority: Critical" }).waitFor();
    await listSettled(page);
    await page.getByRole("button", { name: "Score", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("sort") === "score" && u.searchParams.get("dir") === "desc");
    await page.locator('th[aria-sort="descending"]', { has: page.getByRole("button", { name: "Score", exact: true }) }).waitFor();
    await listSettled(page);
    const ids = await rowIds(page);
    expect(ids.length).toBeGreaterThan(0);
    const url = new URL(page.url());
    const expected = await apiFindings(
      page,
      base,
      `view=open&priority=Critical,High&scoreMin=7&scanner=openvas&sort=score&dir=desc&limit=50`,
    );
    expect(ids).toEqual(expected.map((r) => r.id));
    expect(expected.every((r) => ["Critical", "High"].includes(r.priority) && (r.score ?? 0) >= 7)).toBe(true);
    const scores = expected.map((r) => r.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    // The CSV export takes the same query and has every matching row, not only the loaded page.
    const href = (await page.getByTestId("export-csv").getAttribute("href")) ?? "";
    expect(new URL(href, base).searchParams.get("scanner")).toBe("openvas");
    const csv = await page.request.get(new URL(href, base).toString());
    expect(csv.headers()["content-disposition"]).toMatch(/watchfloor-findings-.*\.csv/);
    const text = await csv.text();
    expect(text.startsWith("id,tenant,assetKey")).toBe(true);
    // Quoted cells may span lines (scanner remediation text): rows are found by their leading id.
    const csvIds = [...text.matchAll(/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}),/gm)].map((m) => m[1]);
    const all = await allFindings(page, base, "view=open&priority=Critical,High&scoreMin=7&scanner=openvas&sort=score&dir=desc");
    expect(csvIds).toEqual(all.map((r) => r.id));

    await page.reload();
    await listSettled(page);
    expect(await rowIds(page)).toEqual(ids);
    await page.getByRole("button", { name: /^Filters/ }).click();
    expect(await page.getByRole("group", { name: "Priority" }).getByLabel("Critical").isChecked()).toBe(true);
    expect(await page.getByLabel("Score from", { exact: true }).inputValue()).toBe("7");

    const pasted = await context.newPage();
    const pastedWatch = watchConsole(pasted);
    await pasted.goto(url.toString());
    await listSettled(pasted);
    expect(await rowIds(pasted)).toEqual(ids);

    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has("sort") && u.searchParams.get("scanner") === "openvas");
    await listSettled(page);
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("form", { name: "Vulnerability filters" }).waitFor({ state: "detached" });
    await checkPage(page, "vulnerabilities-list", listSettled);
    consoleWatch.assertClean();
    pastedWatch.assertClean();
    await context.close();
  });

  it("opens an asset from the list: its fields, counts by severity and only its findings", async () => {
    const { context, page, consoleWatch } = await open(`${listPath}?scanner=openvas`);
    await listSettled(page);
    const first = page.locator("[data-testid=finding-row]").first();
    const assetKey = ((await first.locator("td a.font-mono").textContent()) ?? "").trim();
    expect(assetKey).toMatch(/^ASSET-\d{4,}$/);
    await first.locator("td a.font-mono").click();
    await page.waitForURL(/\/dashboard\/risk\/vulnerabilities\/assets\//);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByTestId("asset-counts").waitFor();
    await listSettled(page);
    const keys = await page.locator("[data-testid=finding-row] td a.font-mono").allTextContents();
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys.map((k) => k.trim()))).toEqual(new Set([assetKey]));
    const assetId = page.url().split("/assets/")[1]?.split("?")[0] ?? "";
    const detail = (await (await page.request.get(`${base}/api/v1/assets/${assetId}`)).json()) as {
      findings: { openBySeverity: Record<string, number> };
    };
    const counts = page.getByTestId("asset-counts");
    for (const [severity, n] of Object.entries(detail.findings.openBySeverity)) {
      expect(
        await counts
          .locator("div", { has: page.getByText(severity, { exact: true }) })
          .locator("dd")
          .textContent(),
      ).toBe(String(n));
    }
    await checkPage(page, "vulnerability-asset", listSettled);
    consoleWatch.assertClean();
    await context.close();
  });

  it("moves a finding through its workflow: only allowed moves are offered, a stale move gets the server's 409, closing asks a reason", async () => {
    const { context, page, consoleWatch } = await open(listPath);
    const [target] = await apiFindings(page, base, "view=open&status=Open&scanner=trivy&limit=1");
    if (!target) throw new Error("no open Trivy finding");
    const findingPath = `/dashboard/risk/vulnerabilities/findings/${target.id}`;
    // An unknown (or another tenant's) finding: the server's 404 message, not a blank page.
    await page.goto(`${base}/dashboard/risk/vulnerabilities/findings/01900000-0000-7000-8000-000000000000`);
    await page.getByRole("alert").getByText("Could not load this finding").waitFor();
    const stale = await context.newPage();
    const staleWatch = watchConsole(stale);
    await stale.goto(`${base}${findingPath}`);
    await stale.getByTestId("move-In Progress").waitFor();

    await page.goto(`${base}${findingPath}`);
    await page.getByRole("heading", { level: 1, name: target.title }).waitFor();
    const moves = () => page.locator("[data-testid^=move-]").evaluateAll((b) => b.map((x) => x.getAttribute("data-testid")));
    expect(await moves()).toEqual(["move-Triaged", "move-In Progress", "move-Closed"]);
    await page.getByTestId("move-In Progress").click();
    await page.getByTestId("move-In Progress").waitFor({ state: "detached" });
    expect(await moves()).toEqual(["move-Triaged", "move-Closed"]);

    // The other tab still offers Open's moves; the server refuses and names what is allowed now.
    await stale.getByTestId("move-In Progress").click();
    const refusal = stale.getByRole("alert").filter({ hasText: "allowed:" });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/allowed: Triaged, Closed/);

    await page.getByTestId("move-Closed").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Close reason").selectOption("Accepted Risk");
    await dialog.getByLabel("Note (optional)").fill("Compensating control: the image is not exposed.");
    await dialog.getByRole("button", { name: "Close finding(s)" }).click();
    await page.getByTestId("move-Open").getByText("Reopen").waitFor();
    const timeline = page.getByTestId("timeline");
    await timeline.getByText("moved it from In Progress to Closed (Accepted Risk)").waitFor();
    await timeline.getByText("Compensating control: the image is not exposed.").waitFor();
    await page.getByLabel("Add a comment").fill("Risk accepted by the image owner until the next release.");
    await page.getByRole("button", { name: "Comment" }).click();
    await timeline.getByText("Risk accepted by the image owner until the next release.").waitFor();
    await page.getByLabel("Assignee").selectOption({ label: "Olivia Owner (you)" });
    await page.getByText("Assigned to Olivia Owner").waitFor();
    await checkPage(page, "vulnerability-finding", async (p) => {
      await p.getByTestId("timeline").waitFor();
    });
    consoleWatch.assertClean();
    staleWatch.assertClean();
    await context.close();
  });

  it("bulk-closes selected findings with a reason: they leave the open list and carry the reason", async () => {
    const { context, page, consoleWatch } = await open(`${listPath}?scanner=openvas&sort=title&dir=asc`);
    await listSettled(page);
    const ids = (await rowIds(page)).slice(0, 3);
    for (const id of ids) await page.locator(`[data-finding-id="${id}"] input[type=checkbox]`).check();
    const bar = page.getByTestId("bulk-bar");
    await bar.getByText("3 selected").waitFor();
    await bar.getByRole("button", { name: "Close with reason" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Close reason").selectOption("False Positive");
    await dialog.getByRole("button", { name: "Close finding(s)" }).click();
    await page.getByTestId("bulk-result").getByText("Updated 3 finding(s).").waitFor();
    for (const id of ids) await page.locator(`[data-finding-id="${id}"]`).waitFor({ state: "detached" });
    for (const id of ids) {
      const detail = (await (await page.request.get(`${base}/api/v1/findings/${id}`)).json()) as {
        finding: { status: string; closeReason: string };
      };
      expect(detail.finding).toMatchObject({ status: "Closed", closeReason: "False Positive" });
    }
    consoleWatch.assertClean();
    await context.close();
  });

  it("imports the shared Nessus sample through the UI and shows the report, then a file with rejected rows", async () => {
    const { context, page, consoleWatch } = await open(listPath);
    await page.getByRole("link", { name: "Import scan" }).click();
    await page.getByRole("heading", { name: "Import a scan" }).waitFor();
    await page.getByLabel("Tenant", { exact: true }).selectOption({ label: "Tenant A" });
    await page.getByLabel("Scanner report").setInputFiles(samples.nessus);
    await page.getByRole("button", { name: "Upload and import" }).click();
    const report = page.getByTestId("import-report");
    await report.waitFor();
    await report.getByText("nessus_with_cvssv3.nessus").waitFor();
    expect(await report.getByText("read as nessus (full scan)").count()).toBe(1);
    expect(Number(await page.getByTestId("stat-records-read").textContent())).toBeGreaterThan(0);
    expect(Number(await page.getByTestId("stat-created").textContent())).toBeGreaterThan(0);
    expect(Number(await page.getByTestId("stat-assets-created").textContent())).toBeGreaterThan(0);
    await report.getByText(/informational \(Nessus severity 0\): \d+/).waitFor();

    // A hand-written generic CSV: one good row, one with a bad IP and an out-of-range score.
    const csvFile = path.join(scratch, "scan-with-errors.csv");
    writeFileSync(
      csvFile,
      "hostname,ip,title,severity,cvss,scanner\nweb-e2e-01,10.20.30.40,Outdated TLS configuration,Medium,5.3,e2e-csv\nweb-e2e-02,10.20.300.1,Broken row,High,12,e2e-csv\n",
    );
    await page.getByLabel("Format", { exact: true }).selectOption("generic-csv");
    await page.getByLabel("Scanner report").setInputFiles(csvFile);
    await page.getByRole("button", { name: "Upload and import" }).click();
    await report.getByText("scan-with-errors.csv").waitFor();
    expect(await page.getByTestId("stat-created").textContent()).toBe("1");
    expect(await page.getByTestId("stat-rejected").textContent()).toBe("1");
    const rejected = page.getByTestId("rejected-rows");
    await rejected.getByText('"10.20.300.1" is not an IPv4 or IPv6 address').waitFor();
    await rejected.getByText('"12" is not a score from 0 to 10').waitFor();
    await checkPage(page, "vulnerability-import", async (p) => {
      await p.getByTestId("rejected-rows").waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  });

  it("keeps the Nessus sample's informational results when asked, and the attack surface shows their port", async () => {
    const { context, page, consoleWatch } = await open(listPath);
    await page.getByRole("link", { name: "Import scan" }).click();
    await page.getByRole("heading", { name: "Import a scan" }).waitFor();
    await page.getByLabel("Tenant", { exact: true }).selectOption({ label: "Tenant A" });
    await page.getByLabel("Scanner report").setInputFiles(samples.nessus);
    await page.getByLabel(/Keep informational results/).check();
    await page.getByRole("button", { name: "Upload and import" }).click();
    const report = page.getByTestId("import-report");
    await report.getByText("nessus_with_cvssv3.nessus").waitFor();
    expect(await page.getByTestId("stat-informational-kept").textContent()).toBe("23");
    expect(await report.getByText(/informational \(Nessus severity 0\)/).count()).toBe(0);

    await page.goto(`${base}/attack-surface?q=44.228.249.3`);
    const row = page.locator('[data-testid="exposure-row"][data-port="80"]').first();
    await row.getByText("nessus: HTTP Server Type and Version").waitFor();
    await checkPage(page, "attack-surface-observations", async (p) => {
      await p.getByText("nessus: HTTP Server Type and Version").first().waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  });

  it("loads the CISA KEV catalog in Administration: the status shows it and the list flags KEV findings", async () => {
    const { context, page, consoleWatch } = await open("/administration?tab=intel");
    await page.getByRole("tab", { name: "Threat intelligence" }).waitFor();
    await page.getByText("No intelligence loaded yet").waitFor();
    const kevForm = page.getByRole("form", { name: "Load CISA KEV catalog" });
    await kevForm.getByLabel("Catalog file (JSON or CSV)").setInputFiles(samples.kev);
    await kevForm.getByRole("button", { name: "Load" }).click();
    const report = page.getByTestId("intel-report-kev");
    await report.waitFor();
    const kev = JSON.parse(readFileSync(samples.kev, "utf8")) as { catalogVersion: string; count: number };
    expect(await report.textContent()).toMatch(
      new RegExp(`Loaded ${kev.count.toLocaleString("en")} of ${kev.count.toLocaleString("en")} entries`),
    );
    const status = page.getByTestId("intel-status");
    await status.getByText(kev.catalogVersion).waitFor();
    await checkPage(page, "administration-threat-intel", async (p) => {
      await p.getByTestId("intel-status").waitFor();
    });

    // The Nessus sample's host (imported above): its KEV findings are flagged now.
    await page.goto(`${base}${listPath}?kev=true&q=vulnweb.com`);
    await listSettled(page);
    const flagged = await apiFindings(page, base, "view=open&kev=true&q=vulnweb.com&limit=200");
    expect(flagged.length).toBeGreaterThan(0);
    expect(await page.locator("[data-testid=finding-row]").count()).toBe(flagged.length);
    expect(await page.locator("[data-testid=finding-row]").filter({ hasText: "KEV" }).count()).toBe(flagged.length);
    consoleWatch.assertClean();
    await context.close();
  });

  it("lets the owner change the remediation SLA and moves due dates", async () => {
    const { context, page, consoleWatch } = await open("/administration?tab=remediation-sla");
    const form = page.getByRole("form", { name: "Remediation SLA of Tenant A" });
    await form.getByLabel("Critical").fill("5");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText(/Saved\. \d+ open finding\(s\) got a new due date\./).waitFor();
    await form.getByText("Set by the tenant").waitFor();
    const sla = (await (await page.request.get(`${base}/api/v1/remediation-sla`)).json()) as {
      items: { tenantId: string; priority: string; days: number }[];
    };
    const { tenant } = await sessionFacts(page, base);
    expect(sla.items.find((i) => i.tenantId === tenant("Tenant A") && i.priority === "Critical")?.days).toBe(5);
    await checkPage(page, "administration-remediation-sla", async (p) => {
      await p.getByRole("form", { name: "Remediation SLA of Tenant A" }).waitFor();
    });
    consoleWatch.assertClean();
    await context.close();
  });
});
