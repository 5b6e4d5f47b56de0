import type { AlertInput, IncidentStatus, Priority, Tactic } from "@watchfloor/shared";

/** mulberry32: a tiny, fast, seedable PRNG; the same seed always gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
function weighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  let r = rng() * items.reduce((sum, [, w]) => sum + w, 0);
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

/**
 * Real ATT&CK Enterprise techniques (id | name | the tactic we file it under | a rule name a SOC
 * would write for it). Names are checked against enterprise-attack.json by the test.
 */
export const demoTechniques = `T1110|Brute Force|Credential Access|Multiple failed logins followed by success
T1110.001|Password Guessing|Credential Access|SSH password guessing from a single source
T1110.003|Password Spraying|Credential Access|One password tried against many accounts
T1003.001|LSASS Memory|Credential Access|LSASS process memory read by unsigned binary
T1558.003|Kerberoasting|Credential Access|Burst of RC4 Kerberos service ticket requests
T1552|Unsecured Credentials|Credential Access|Credentials file read from a user share
T1059.001|PowerShell|Execution|Encoded PowerShell command line
T1059.003|Windows Command Shell|Execution|cmd.exe spawned by an Office application
T1059.004|Unix Shell|Execution|Reverse shell one-liner in bash history
T1047|Windows Management Instrumentation|Execution|Remote process created through WMI
T1204.002|Malicious File|Execution|User opened an executable from an archive attachment
T1053.005|Scheduled Task|Persistence|Scheduled task created to run from a temp folder
T1547.001|Registry Run Keys / Startup Folder|Persistence|New Run key pointing to AppData
T1543.003|Windows Service|Persistence|Service installed with an unusual binary path
T1136|Create Account|Persistence|Local administrator account created
T1098|Account Manipulation|Persistence|User added to a privileged group
T1068|Exploitation for Privilege Escalation|Privilege Escalation|Kernel exploit signature on endpoint
T1134|Access Token Manipulation|Privilege Escalation|Token impersonation by a non-system process
T1055|Process Injection|Privilege Escalation|Remote thread created in a system process
T1562.001|Disable or Modify Tools|Defense Evasion|Endpoint protection disabled by a user
T1070.001|Clear Windows Event Logs|Defense Evasion|Security event log cleared
T1027|Obfuscated Files or Information|Defense Evasion|Base64-encoded payload written to disk
T1036|Masquerading|Defense Evasion|System binary name running from the wrong folder
T1566.001|Spearphishing Attachment|Initial Access|Macro-enabled attachment from an external sender
T1566.002|Spearphishing Link|Initial Access|Click on a newly registered look-alike domain
T1190|Exploit Public-Facing Application|Initial Access|Web exploit attempt against a public application
T1078|Valid Accounts|Initial Access|Sign-in from an unfamiliar country
T1078.004|Cloud Accounts|Initial Access|Cloud console login without MFA
T1133|External Remote Services|Initial Access|VPN login outside working hours
T1046|Network Service Discovery|Discovery|Internal port scan from a workstation
T1087|Account Discovery|Discovery|Domain account enumeration with net.exe
T1018|Remote System Discovery|Discovery|Mass ping sweep of a server subnet
T1083|File and Directory Discovery|Discovery|Recursive listing of a file share
T1021.001|Remote Desktop Protocol|Lateral Movement|RDP from a workstation to a server
T1021.002|SMB/Windows Admin Shares|Lateral Movement|Admin share access from a non-admin host
T1570|Lateral Tool Transfer|Lateral Movement|Executable copied over SMB between hosts
T1560|Archive Collected Data|Collection|Large password-protected archive created
T1114|Email Collection|Collection|Mailbox forwarding rule to an external address
T1071.001|Web Protocols|Command and Control|Beaconing to a rare domain over HTTPS
T1071.004|DNS|Command and Control|DNS tunnelling pattern in query names
T1105|Ingress Tool Transfer|Command and Control|certutil used to download a file
T1048|Exfiltration Over Alternative Protocol|Exfiltration|Large upload over an unusual protocol
T1567.002|Exfiltration to Cloud Storage|Exfiltration|Bulk upload to personal cloud storage
T1486|Data Encrypted for Impact|Impact|Mass file rename with ransom extension
T1490|Inhibit System Recovery|Impact|Volume shadow copies deleted
T1595.002|Vulnerability Scanning|Reconnaissance|External vulnerability scanner against the perimeter
T1588.002|Tool|Resource Development|Known offensive tool hash seen on endpoint`
  .split("\n")
  .map((line) => {
    const [id = "", name = "", tactic = "", rule = ""] = line.split("|");
    return { id, name, tactic: tactic as Tactic, rule };
  });

export const demoAnalysts =
  `Priya Raman,Marcus Chen,Sofia Alvarez,James O'Connor,Aisha Bello,Lukas Schmidt,Hannah Kim,Diego Fernández,Emily Walsh,Tomasz Nowak,Nadia Haddad,Kenji Watanabe`.split(
    ",",
  );

const detectionSources = ["Wazuh", "Suricata", "CrowdStrike Falcon", "Microsoft Defender", "GuardDuty", "Zeek", "Okta", "Splunk"];
const departments = ["Finance", "Engineering", "Sales", "HR", "Legal", "IT Operations", "Marketing", "Customer Support"];
const firstNames = "anna,ben,carla,david,elif,farid,grace,hugo,ines,jonas,kate,liam,maria,noah,olga,pavel".split(",");
const lastNames = "smith,garcia,muller,rossi,kowalski,dubois,jensen,silva,novak,brown,tanaka,ali".split(",");
const hostKinds = "WS:Workstation,LT:Laptop,SRV:Server,VM:Cloud VM,FW:Firewall"
  .split(",")
  .map((k) => k.split(":") as [string, string]);
const services = ["Active Directory", "Email", "VPN", "Web", "Endpoint", "Cloud", "Database", "DNS", "File Share", "Identity"];
const rootCauses = "Phishing email,Weak password,Unpatched software,Misconfiguration,Insider error,Malware download".split(",");
const publicFirstOctets = [23, 31, 45, 62, 77, 85, 91, 103, 141, 178, 185, 194, 203, 212];
/** The spec's typical response minutes by priority; closure is roughly twice. */
const responseByPriority: Record<Priority, number[]> = { Critical: [30], High: [90, 180], Medium: [240, 360], Low: [720] };
const priorityWeights: [Priority, number][] = Object.entries({ Low: 30, Medium: 38, High: 24, Critical: 8 }) as [
  Priority,
  number,
][];
const MIN = 60_000;

export interface DemoAlertOptions {
  seed: number;
  count: number;
  tenants: string[];
  now: number;
  daysBack: number;
}

function ip(rng: Rng, publicShare: number): string {
  if (rng() < publicShare)
    return `${pick(rng, publicFirstOctets)}.${between(rng, 0, 255)}.${between(rng, 0, 255)}.${between(rng, 1, 254)}`;
  return rng() < 0.6
    ? `10.${between(rng, 0, 40)}.${between(rng, 0, 255)}.${between(rng, 1, 254)}`
    : `192.168.${between(rng, 0, 20)}.${between(rng, 1, 254)}`;
}

/** Older alerts are further along: status weights shift from Open towards Closed with age. */
function statusFor(rng: Rng, ageDays: number): IncidentStatus {
  const old = Math.min(ageDays / 7, 1);
  return weighted(rng, [
    ["Open", 30 - 25 * old],
    ["Acknowledged", 15 - 10 * old],
    ["In Progress", 20 - 10 * old],
    ["Resolved", 15 + 15 * old],
    ["Closed", 20 + 30 * old],
  ]);
}

/**
 * Streams `count` realistic demo alerts at constant memory (a generator), each with the tenant
 * slug it belongs to. Timestamps never pass `now`, and each status carries the dates it implies:
 * Acknowledged has acknowledgedAt, In Progress also assignedAt/respondedAt, Resolved and Closed
 * also resolvedAt.
 */
export function* generateAlerts(options: DemoAlertOptions): Generator<{ tenant: string; alert: AlertInput }> {
  const { seed, count, tenants, now, daysBack } = options;
  const rng = mulberry32(seed);
  const iso = (t: number) => new Date(Math.min(t, now)).toISOString();
  for (let i = 0; i < count; i++) {
    const technique = pick(rng, demoTechniques);
    const priority = weighted(rng, priorityWeights);
    const respond = pick(rng, responseByPriority[priority]);
    const closure = Math.round(respond * (1.8 + rng() * 0.4));
    const detected = now - Math.floor(rng() * daysBack * 86_400_000);
    const elapsed = now - detected;
    const status = statusFor(rng, elapsed / 86_400_000);
    const step = (from: number, share: number) =>
      from + Math.floor(Math.min(elapsed - (from - detected), respond * MIN * 2) * share * rng());
    const acknowledged = status === "Open" ? undefined : step(detected, 0.5);
    const responded = acknowledged !== undefined && status !== "Acknowledged" ? step(acknowledged, 0.6) : undefined;
    const resolved = responded !== undefined && (status === "Resolved" || status === "Closed") ? step(responded, 0.9) : undefined;
    const automated = resolved !== undefined && rng() < 0.25;
    const [hostPrefix, deviceType] = pick(rng, hostKinds);
    const user = `${pick(rng, firstNames)}.${pick(rng, lastNames)}`;
    const escalated = (priority === "High" || priority === "Critical") && responded !== undefined && rng() < 0.35;
    const source = pick(rng, detectionSources);
    const modified = resolved ?? responded ?? acknowledged ?? detected;
    yield {
      tenant: pick(rng, tenants),
      alert: {
        source: "demo",
        sourceId: `demo-${seed}-${i + 1}`,
        name: technique.rule,
        rule: `${source.split(" ")[0]?.toUpperCase()}-${1000 + demoTechniques.indexOf(technique)}`,
        type: technique.tactic,
        priority,
        status,
        assignee: status === "Open" && rng() < 0.6 ? undefined : pick(rng, demoAnalysts),
        occurredAt: iso(detected - between(rng, 0, 30) * MIN),
        detectedAt: iso(detected),
        acknowledgedAt: acknowledged === undefined ? undefined : iso(acknowledged),
        assignedAt: responded === undefined ? undefined : iso(Math.min(responded, (acknowledged ?? detected) + 5 * MIN)),
        respondedAt: responded === undefined ? undefined : iso(responded),
        resolvedAt: resolved === undefined ? undefined : iso(resolved),
        escalatedAt: escalated && responded !== undefined ? iso(responded) : undefined,
        respondDueAt: iso(detected + respond * MIN),
        dueAt: iso(detected + closure * MIN),
        modifiedAt: iso(modified),
        services: [pick(rng, services)],
        mitreTechniques: [technique.id],
        tactics: [technique.tactic],
        detectionSource: source,
        sourceTools: [source],
        sourceTool: source,
        resolutionType: resolved === undefined ? undefined : automated ? "Automated" : "Manual",
        resolvedAutomatically: resolved === undefined ? undefined : automated,
        avgResponseMin: respond,
        avgClosureMin: closure,
        ackSlaStatus: acknowledged === undefined ? undefined : acknowledged - detected <= (respond / 2) * MIN ? "Met" : "Missed",
        respSlaStatus: responded === undefined ? undefined : responded - detected <= respond * MIN ? "Met" : "Missed",
        rootCause: resolved === undefined ? undefined : pick(rng, rootCauses),
        closureNotes:
          resolved === undefined
            ? undefined
            : automated
              ? "Closed by playbook after containment."
              : "Verified and remediated by the analyst.",
        ticketId: escalated ? `INC-${100000 + i}` : undefined,
        confirmedIncident: escalated,
        clientEnvironment: weighted(rng, [
          ["On-premise", 45],
          ["Cloud", 35],
          ["Hybrid", 20],
        ] as const),
        deviceType,
        hostname: `${hostPrefix}-${(pick(rng, departments).split(" ")[0] ?? "").slice(0, 3).toUpperCase()}-${String(between(rng, 1, 999)).padStart(4, "0")}`,
        username: user,
        userId: `u${between(rng, 10000, 99999)}`,
        userDepartment: pick(rng, departments),
        userRiskScore: between(rng, 35, 99),
        srcIp: ip(rng, 0.4),
        dstIp: ip(rng, 0.1),
        description: `${technique.name} (${technique.id}) detected by ${source} for ${user}.`,
      },
    };
  }
}
