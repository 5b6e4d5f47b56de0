import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Priority, priorityRank } from "@watchfloor/shared";
import type { AssetsTable, FindingsTable } from "../apps/server/src/db/tables";

/**
 * Synthetic vulnerability data for the finding-list benchmark (nothing here is shown as real):
 * assets of five tenants of unequal size, findings per asset with a long tail, severities and
 * scores in scanner-like proportions, KEV findings named after real CISA KEV entries, EPSS
 * skewed low, a year of first/last seen dates and due dates from the default SLA (many overdue).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.resolve(here, "..", "..", "shared", "data", "vulnintel");
const DAY = 86_400_000;

/** Small deterministic PRNG (mulberry32) so every run builds the same database. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    let r = next() * items.reduce((s, [, w]) => s + w, 0);
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return (items.at(-1) as readonly [T, number])[0];
  };
  return { next, pick, weighted };
}

const departments = ["Finance", "IT", "Engineering", "Sales", "HR", "Legal", "Operations", "Marketing", "Support", "R&D"];
const types = [
  ["Server", 40],
  ["Workstation", 30],
  ["Web Application", 10],
  ["Database", 8],
  ["Container Image", 7],
  ["Cloud Resource", 5],
] as const;
const sites = ["Frankfurt", "Lisbon", "Dublin", "Virginia", "Singapore", "São Paulo"];
const severities = [
  ["Low", 30],
  ["Medium", 45],
  ["High", 20],
  ["Critical", 5],
] as const satisfies readonly (readonly [Priority, number])[];
const band: Record<Priority, [number, number]> = { Low: [0.1, 3.9], Medium: [4, 6.9], High: [7, 8.9], Critical: [9, 10] };
const slaDays: Record<Priority, number> = { Critical: 7, High: 30, Medium: 90, Low: 180 };
const scanners = [
  ["nessus", 50],
  ["openvas", 25],
  ["trivy", 15],
  ["qualys", 10],
] as const;
const remediations = [
  "Upgrade to the latest version provided by the vendor.",
  "Apply the vendor security update.",
  "Disable the affected service or restrict access to trusted hosts.",
  "Reconfigure the service to use TLS 1.2 or later with strong ciphers.",
  "Remove the default account or change its password.",
];

interface Vulnerability {
  title: string;
  severity: Priority;
  cves: string[];
  cwe: string | null;
  kev: boolean;
  epss: number | null;
  remediation: string;
  score: number | null;
}

/** About 3,000 distinct vulnerabilities: 300 named after real KEV entries, the rest numbered. */
function catalogue(rng: ReturnType<typeof random>): { kev: Vulnerability[]; other: Vulnerability[] } {
  const kev = (
    JSON.parse(readFileSync(path.join(dataDir, "known_exploited_vulnerabilities.json"), "utf8")) as {
      vulnerabilities: { cveID: string; vulnerabilityName: string; cwes: string[]; requiredAction: string }[];
    }
  ).vulnerabilities;
  const cwes = cweNames().map(([id]) => id);
  const known: Vulnerability[] = [];
  const out: Vulnerability[] = [];
  for (const k of kev.slice(0, 300)) {
    const severity = rng.weighted([
      ["High", 50],
      ["Critical", 50],
    ] as const);
    known.push({
      title: k.vulnerabilityName,
      severity,
      cves: [k.cveID],
      cwe: k.cwes[0] ?? null,
      kev: true,
      epss: 0.3 + rng.next() * 0.7,
      remediation: k.requiredAction,
      score: score(rng, severity),
    });
  }
  for (let i = 0; i < 2700; i++) {
    const severity = rng.weighted(severities);
    const withCve = rng.next() < 0.85;
    const cves = withCve
      ? Array.from({ length: rng.next() < 0.2 ? 2 : 1 }, (_, j) => `CVE-${2015 + (i % 11)}-${90000 + i * 3 + j}`)
      : [];
    out.push({
      title: `Synthetic vulnerability ${i} in ${rng.pick(["OpenSSL", "Apache httpd", "nginx", "OpenSSH", "PostgreSQL", "Windows SMB", "glibc", "log4j", "Chrome", "Java"])}`,
      severity,
      cves,
      cwe: rng.next() < 0.7 ? rng.pick(cwes) : null,
      kev: false,
      epss: withCve ? Math.min(1, -Math.log(1 - rng.next()) * 0.03) : null,
      remediation: rng.pick(remediations),
      score: rng.next() < 0.05 ? null : score(rng, severity),
    });
  }
  return { kev: known, other: out };
}

const score = (rng: ReturnType<typeof random>, s: Priority) =>
  Math.round((band[s][0] + rng.next() * (band[s][1] - band[s][0])) * 10) / 10;

/** CWE names from the DefectDojo CWE fixture (real CWE titles). */
export function cweNames(): [string, string][] {
  const rows = JSON.parse(readFileSync(path.join(dataDir, "cwe_list_defectdojo_fixture.json"), "utf8")) as {
    fields: { number: number; description: string };
  }[];
  return rows.map((r) => [`CWE-${r.fields.number}`, r.fields.description]);
}

export interface Generated {
  asset: AssetsTable;
  findings: FindingsTable[];
  identities: { kind: string; value: string }[];
}

/** Assets with their findings, tenant by tenant, until `count` findings exist. */
export function* generateFindings(options: {
  seed: number;
  count: number;
  tenants: string[];
  now: number;
  newId: () => string;
}): Generator<Generated> {
  const rng = random(options.seed);
  const vulns = catalogue(rng);
  const shares = [0.35, 0.25, 0.2, 0.12, 0.08];
  let made = 0;
  let assetNo = 0;
  const perTenant = new Map<string, number>();
  while (made < options.count) {
    const tenantId = rng.weighted(options.tenants.map((t, i) => [t, shares[i] ?? 0.1] as const));
    const n = (perTenant.get(tenantId) ?? 0) + 1;
    perTenant.set(tenantId, n);
    assetNo++;
    const type = rng.weighted(types);
    const name = `${type === "Workstation" ? "ws" : type === "Database" ? "db" : type === "Web Application" ? "web" : type === "Container Image" ? "img" : "srv"}-${String(assetNo).padStart(6, "0")}`;
    const firstSeen = options.now - Math.floor(rng.next() * 365) * DAY;
    const asset: AssetsTable = {
      id: options.newId(),
      tenant_id: tenantId,
      asset_key: `ASSET-${String(n).padStart(4, "0")}`,
      name,
      type,
      department: rng.next() < 0.9 ? rng.pick(departments) : null,
      business_impact:
        rng.next() < 0.95
          ? rng.weighted([
              ["Low", 40],
              ["Medium", 40],
              ["High", 20],
            ] as const)
          : null,
      client_environment:
        rng.next() < 0.95
          ? rng.weighted([
              ["On-premise", 50],
              ["Cloud", 35],
              ["Hybrid", 15],
            ] as const)
          : null,
      site: rng.pick(sites),
      latitude: null,
      longitude: null,
      owner: rng.next() < 0.5 ? `${rng.pick(departments)} team` : null,
      internet_facing: rng.next() < 0.1 ? 1 : 0,
      created_at: firstSeen,
      updated_at: options.now,
      first_seen: firstSeen,
      last_seen: options.now - Math.floor(rng.next() * 14) * DAY,
    };
    // Long tail: most assets have a handful of findings, a few have hundreds.
    const wanted = Math.min(options.count - made, Math.max(1, Math.floor(-Math.log(1 - rng.next()) * 25)));
    const findings: FindingsTable[] = [];
    const used = new Set<number>();
    for (let i = 0; i < wanted; i++) {
      // About 3% of findings are known exploited; the rest favour a few common vulnerabilities.
      const pool = rng.next() < 0.03 ? vulns.kev : vulns.other;
      let v = Math.floor((pool === vulns.kev ? rng.next() : rng.next() ** 2) * pool.length);
      while (used.has(v + (pool === vulns.kev ? 1e6 : 0))) v = (v + 1) % pool.length;
      used.add(v + (pool === vulns.kev ? 1e6 : 0));
      findings.push(findingRow(rng, pool[v] as Vulnerability, asset, options));
    }
    made += findings.length;
    const ip = `10.${(assetNo >> 16) & 255}.${(assetNo >> 8) & 255}.${assetNo & 255}`;
    yield {
      asset,
      findings,
      identities: [
        { kind: "hostname", value: name },
        { kind: "ip", value: ip },
      ],
    };
  }
}

function findingRow(
  rng: ReturnType<typeof random>,
  v: Vulnerability,
  asset: AssetsTable,
  options: { now: number; newId: () => string },
): FindingsTable {
  const firstSeen = Math.max(asset.first_seen, options.now - Math.floor(rng.next() * 365) * DAY);
  const status = rng.weighted([
    ["Open", 60],
    ["Triaged", 10],
    ["In Progress", 10],
    ["Closed", 20],
  ] as const);
  const services = [rng.weighted(scanners), ...(rng.next() < 0.15 ? [rng.weighted(scanners)] : [])];
  const assigned =
    rng.next() < 0.3
      ? rng.pick(["Ana Silva", "Ben Okafor", "Chen Wei", "Dana Levi", "Eli Novak", "Farah Haddad", "Goran Petrov", "Hana Sato"])
      : null;
  return {
    id: options.newId(),
    tenant_id: asset.tenant_id,
    asset_id: asset.id,
    dedupe_key: `${v.cves.length ? `cve:${v.cves.join(",")}` : `bench:${v.title}`}|host`,
    title: v.title,
    description: `${v.title}.`,
    severity: v.severity,
    severity_rank: priorityRank[v.severity],
    cvss_score: v.score,
    cvss_vector: null,
    cvss_version: null,
    cve_ids: JSON.stringify(v.cves),
    cwe_id: v.cwe,
    remediation: v.remediation,
    evidence: null,
    port: null,
    protocol: null,
    service: null,
    status,
    close_reason:
      status === "Closed"
        ? rng.weighted([
            ["Fixed", 70],
            ["Remediated", 15],
            ["Accepted Risk", 10],
            ["False Positive", 5],
          ] as const)
        : null,
    assignee: assigned,
    assignee_user_id: null,
    services: JSON.stringify([...new Set(services)].sort()),
    first_seen: firstSeen,
    last_seen: Math.min(options.now, firstSeen + Math.floor(rng.next() * 60) * DAY),
    due_at: firstSeen + slaDays[v.severity] * DAY,
    kev: v.kev ? 1 : 0,
    epss: v.epss,
    epss_percentile: null,
    created_at: firstSeen,
    updated_at: firstSeen,
    closed_at: status === "Closed" ? firstSeen + 20 * DAY : null,
    overdue_notified_at: null,
    raw: null,
    cve_text: v.cves.length ? v.cves.join(", ") : null,
    search_text: [v.title, ...v.cves, v.cwe ?? "", asset.asset_key, asset.name].join(" ").toLowerCase(),
    asset_key: asset.asset_key,
    asset_name: asset.name,
    asset_type: asset.type,
    department: asset.department,
    business_impact: asset.business_impact,
    client_environment: asset.client_environment,
  };
}
