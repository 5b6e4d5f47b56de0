import { once } from "node:events";
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type SQLite from "better-sqlite3";
import { complianceFrameworkOf } from "@watchfloor/shared";
import { newId, sha256 } from "../apps/server/src/lib/tokens";
import { random } from "./findings-data";

/**
 * Synthetic compliance data for compliance.bench.ts (nothing here is shown as real): a Prowler CSV
 * built from the shared sample for the import, and stored scans, results and mappings for the read
 * endpoints, written straight into the tables with prepared inserts.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const prowlerCsv = path.resolve(here, "..", "..", "shared", "data", "compliance", "prowler", "prowler_example_output_aws.csv");
const DAY = 86_400_000;

/**
 * A Prowler v4 CSV: the sample's header, then its four checks for each account, 50 variants of each
 * check (distinct check ids, the sample's COMPLIANCE column) on 5 resources: 1,000 distinct
 * results per account, one scan per account, so a bigger file has more of the same work.
 */
export async function writeProwlerCsv(file: string, results: number): Promise<void> {
  const [header, ...rows] = readFileSync(prowlerCsv, "utf8").trimEnd().split("\n");
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(`${header}\n`);
  const regions = ["eu-west-1", "us-east-1", "ap-southeast-2", "eu-central-1", "us-west-2"];
  for (let n = 0; n < results; ) {
    const account = String(100_000_000_000 + Math.floor(n / 1000));
    for (let v = 0; v < 50 && n < results; v++) {
      for (const row of rows) {
        const check = row.split(";")[10] ?? "";
        for (let r = 0; r < 5 && n < results; r++, n++) {
          const resource = `arn:aws:iam::${account}:resource/${check}-${v}-${r}`;
          const line = row
            .replace(`;${check};`, `;${check}${v ? `_${v}` : ""};`)
            .replaceAll("<account_uid>", account)
            .replaceAll("<resource_uid>", resource)
            .replaceAll("<finding_uid>", `prowler-aws-${account}-${n}`)
            .replaceAll("<resource_name>", `${check}-${v}-${r}`)
            .replaceAll("<region>", regions[r] ?? "")
            .replaceAll("<auth_method>", "profile")
            .replaceAll("<prowler_version>", "5.4.0");
          await write(`${line}\n`);
        }
      }
    }
  }
  out.end();
  await once(out, "finish");
}

/**
 * What a target runs: hosts are checked by Wazuh SCA against one of two CIS benchmarks (one
 * result per control), cloud accounts by Prowler (two resources per check), clusters by
 * kube-bench. Labels are written as each tool writes them; complianceFrameworkOf maps them as
 * the importers do, so some name no scored framework (KISA, ENS, NIST 800-53 without revision).
 */
const profiles = [
  { kind: "host", tool: "Wazuh SCA", benchmark: "cis_ubuntu22-04", controls: 150, resources: 1, share: 0.4, everyDays: 1 },
  { kind: "host", tool: "Wazuh SCA", benchmark: "cis_rhel9", controls: 170, resources: 1, share: 0.35, everyDays: 1 },
  { kind: "cloud-account", tool: "Prowler", benchmark: "prowler-aws", controls: 200, resources: 2, share: 0.22, everyDays: 7 },
  {
    kind: "kubernetes-cluster",
    tool: "kube-bench",
    benchmark: "cis-1.8",
    controls: 100,
    resources: 1,
    share: 0.03,
    everyDays: 3,
  },
] as const;
type Profile = (typeof profiles)[number];
const labels: Record<string, [label: string, share: number, reqs: number][]> = {
  "Wazuh SCA": [
    ["cis", 1, 1],
    ["cis_csc_v8", 0.8, 1],
    ["pci_dss_v4.0", 0.6, 2],
    ["nist_sp_800-53", 0.5, 2],
    ["tsc", 0.4, 1],
    ["hipaa", 0.3, 1],
    ["gdpr_IV", 0.3, 1],
  ],
  Prowler: [
    ["CIS-1.4", 0.5, 1],
    ["CIS-1.5", 0.5, 1],
    ["CIS-2.0", 0.5, 1],
    ["CIS-3.0", 0.5, 1],
    ["PCI-4.0", 0.4, 2],
    ["NIST-800-53-Revision-5", 0.7, 3],
    ["NIST-CSF-2.0", 0.4, 2],
    ["ISO27001-2022", 0.5, 2],
    ["SOC2", 0.4, 1],
    ["HIPAA", 0.3, 2],
    ["GDPR", 0.2, 1],
    ["KISA-ISMS-P-2023", 0.6, 3],
    ["ENS-RD2022", 0.5, 1],
  ],
  "kube-bench": [["CIS-Kubernetes-1.8", 1, 1]],
};
/** Scans kept per target: the score queries read the latest results, about RESULTS / SCANS_PER_TARGET. */
export const SCANS_PER_TARGET = Number(process.env.BENCH_COMPLIANCE_SCANS ?? 8);
const avgResults = profiles.reduce((a, p) => a + p.share * p.controls * p.resources, 0);
const severities = [
  ["critical", 3],
  ["high", 20],
  ["medium", 42],
  ["low", 30],
  ["info", 5],
] as const;
const filler = "Ensure the setting is configured as the benchmark recommends. ".repeat(8);

/**
 * COUNT results in total: enough targets (spread over the tenants unevenly, 40/25/15/12/8%) that
 * each has SCANS_PER_TARGET scans, only the newest `latest = 1`. Each control has its own
 * severity and failure rate (some fail almost everywhere), so the failing list has a long tail.
 */
export function fillCompliance(sqlite: SQLite.Database, tenantIds: string[], count: number, now: number): void {
  const rnd = random(15);
  const insert = (table: string, row: Record<string, unknown>) => {
    const cols = Object.keys(row);
    // "or ignore": two random requirement ids of one label and control may coincide.
    return sqlite.prepare(`insert or ignore into ${table} (${cols.join(",")}) values (${cols.map((c) => `@${c}`).join(",")})`);
  };
  let scanInsert: SQLite.Statement | undefined;
  let resultInsert: SQLite.Statement | undefined;
  let mappingInsert: SQLite.Statement | undefined;
  // Transactions of about 20,000 results: one per row would take hours, one for all a huge WAL.
  sqlite.exec("begin");
  const controls = new Map<Profile, { id: string; severity: string; failRate: number; title: string }[]>();
  for (const p of profiles) {
    const list = Array.from({ length: p.controls }, (_, i) => ({
      id: p.tool === "Prowler" ? `check_${p.benchmark}_${i}` : `${p.benchmark}-${28_500 + i}`,
      severity: rnd.weighted(severities),
      failRate: rnd.next() ** 2.5,
      title: `Ensure control ${i} of ${p.benchmark} is configured`,
    }));
    controls.set(p, list);
    for (const tenantId of tenantIds)
      for (const c of list)
        for (const [label, share, reqs] of labels[p.tool] ?? []) {
          if (rnd.next() > share) continue;
          for (let q = 0; q < reqs; q++) {
            const row = {
              tenant_id: tenantId,
              tool: p.tool,
              control_id: c.id,
              source: label,
              framework: complianceFrameworkOf(label),
              requirement: `${1 + Math.floor(rnd.next() * 5)}.${1 + Math.floor(rnd.next() * 12)}`,
            };
            mappingInsert ??= insert("compliance_mappings", row);
            mappingInsert.run(row);
          }
        }
  }
  const targets = Math.max(profiles.length, Math.round(count / SCANS_PER_TARGET / avgResults));
  const weights = [0.4, 0.25, 0.15, 0.12, 0.08];
  let written = 0;
  let committed = 0;
  for (let t = 0; t < targets && written < count; t++) {
    const tenant = tenantIds[rnd.weighted(tenantIds.map((_, i) => [i, weights[i] ?? 0.05] as const))] ?? "";
    const p = rnd.weighted(profiles.map((x) => [x, x.share] as const));
    const target =
      p.kind === "cloud-account" ? String(200_000_000_000 + t) : `${p.kind === "host" ? "srv" : "k8s"}-${t}.bench.example`;
    const list = controls.get(p) ?? [];
    for (let k = 0; k < SCANS_PER_TARGET && written < count; k++) {
      const scanId = newId();
      const scannedAt = now - k * p.everyDays * DAY - Math.floor(rnd.next() * 3_600_000);
      const tally: Record<string, number> = { pass: 0, fail: 0, error: 0, not_applicable: 0, manual: 0, not_checked: 0 };
      const failSeverity: Record<string, number> = {};
      const results: Record<string, unknown>[] = [];
      for (const c of list)
        for (let r = 0; r < p.resources; r++) {
          const x = rnd.next();
          const result =
            x < c.failRate
              ? "fail"
              : x < c.failRate + 0.02
                ? "error"
                : x < 0.9
                  ? "pass"
                  : p.tool === "Prowler"
                    ? "manual"
                    : "not_applicable";
          tally[result] = (tally[result] ?? 0) + 1;
          if (result === "fail") failSeverity[c.severity] = (failSeverity[c.severity] ?? 0) + 1;
          const resource = p.resources > 1 ? `arn:aws:s3:::${target}-${c.id}-${r}` : null;
          results.push({
            id: newId(),
            tenant_id: tenant,
            scan_id: scanId,
            result_key: JSON.stringify([c.id, resource ?? ""]),
            control_id: c.id,
            title: c.title,
            severity: c.severity,
            result,
            rationale: filler,
            remediation: filler.slice(0, 200),
            evidence: `${result} on ${target}`,
            resource_id: resource,
            resource_type: resource ? "AwsS3Bucket" : null,
            region: resource ? "eu-west-1" : null,
            service: resource ? "s3" : null,
            // The raw record as tools write it is 1-3 kB: it is what makes result rows wide.
            raw: JSON.stringify({ check: c.id, target, result, description: filler, risk: filler }),
            row_number: results.length + 2,
          });
        }
      const scan = {
        id: scanId,
        tenant_id: tenant,
        import_id: newId(),
        scan_key: sha256(`${target}|${p.benchmark}|${scannedAt}`),
        tool: p.tool,
        tool_version: "1.0",
        target_kind: p.kind,
        target_id: target,
        target_name: target,
        benchmark_id: p.benchmark,
        benchmark_title: p.benchmark,
        benchmark_version: null,
        scanned_at: scannedAt,
        time_source: "tool",
        latest: k === 0 ? 1 : 0,
        results_count: results.length,
        pass_count: tally.pass,
        fail_count: tally.fail,
        error_count: tally.error,
        not_applicable_count: tally.not_applicable,
        manual_count: tally.manual,
        not_checked_count: tally.not_checked,
        created_at: scannedAt,
        fail_severity: JSON.stringify(failSeverity),
      };
      scanInsert ??= insert("compliance_scans", scan);
      scanInsert.run(scan);
      for (const row of results) {
        resultInsert ??= insert("compliance_results", row);
        resultInsert.run(row);
      }
      written += results.length;
    }
    if (written - committed >= 20_000) {
      sqlite.exec("commit; begin");
      committed = written;
    }
  }
  sqlite.exec("commit");
}
