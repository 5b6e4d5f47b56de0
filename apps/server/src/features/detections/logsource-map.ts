import type { LogsourceMapEntry, SigmaLogsource } from "@watchfloor/shared";
import { SigmaRuleError } from "./sigma-error";
import type { EventTest } from "./sigma-modifiers";

const SYSMON = "Microsoft-Windows-Sysmon/Operational";
const sysmon = (category: string, ...eventIds: number[]): LogsourceMapEntry => ({
  product: "windows",
  category,
  channels: [SYSMON],
  eventIds,
});
const service = (name: string, ...channels: string[]): LogsourceMapEntry => ({ product: "windows", service: name, channels });

/**
 * Where a rule's `logsource` finds its events (docs/detections.md, "Logsource map"): a
 * product, category or service stands for events of some channels, providers, event ids and
 * field values. A tenant can replace this list (PUT /detections/logsources).
 */
export const defaultLogsourceMap: LogsourceMapEntry[] = [
  { product: "windows" },
  sysmon("process_creation", 1),
  sysmon("file_change", 2),
  sysmon("network_connection", 3),
  sysmon("sysmon_status", 4, 16),
  sysmon("process_termination", 5),
  sysmon("driver_load", 6),
  sysmon("image_load", 7),
  sysmon("create_remote_thread", 8),
  sysmon("raw_access_thread", 9),
  sysmon("process_access", 10),
  sysmon("file_event", 11),
  { ...sysmon("registry_add", 12), fields: { EventType: ["CreateKey"] } },
  { ...sysmon("registry_delete", 12), fields: { EventType: ["DeleteKey", "DeleteValue"] } },
  sysmon("registry_set", 13),
  sysmon("registry_rename", 14),
  sysmon("registry_event", 12, 13, 14),
  sysmon("create_stream_hash", 15),
  sysmon("pipe_created", 17, 18),
  sysmon("wmi_event", 19, 20, 21),
  sysmon("dns_query", 22),
  sysmon("file_delete", 23, 26),
  sysmon("clipboard_capture", 24),
  sysmon("process_tampering", 25),
  sysmon("file_block_executable", 27),
  sysmon("file_block_shredding", 28),
  sysmon("file_executable_detected", 29),
  sysmon("sysmon_error", 255),
  { product: "windows", category: "ps_module", channels: ["Microsoft-Windows-PowerShell/Operational"], eventIds: [4103] },
  { product: "windows", category: "ps_script", channels: ["Microsoft-Windows-PowerShell/Operational"], eventIds: [4104] },
  { product: "windows", category: "ps_classic_start", channels: ["Windows PowerShell"], eventIds: [400] },
  { product: "windows", category: "ps_classic_provider_start", channels: ["Windows PowerShell"], eventIds: [600] },
  service("security", "Security"),
  service("system", "System"),
  service("application", "Application"),
  service("sysmon", SYSMON),
  service("powershell", "Microsoft-Windows-PowerShell/Operational"),
  service("powershell-classic", "Windows PowerShell"),
  service("taskscheduler", "Microsoft-Windows-TaskScheduler/Operational"),
  service("wmi", "Microsoft-Windows-WMI-Activity/Operational"),
  service("windefend", "Microsoft-Windows-Windows Defender/Operational"),
  service("dns-server", "DNS Server"),
  service("bits-client", "Microsoft-Windows-Bits-Client/Operational"),
  service("codeintegrity-operational", "Microsoft-Windows-CodeIntegrity/Operational"),
  service("firewall-as", "Microsoft-Windows-Windows Firewall With Advanced Security/Firewall"),
  service("driver-framework", "Microsoft-Windows-DriverFrameworks-UserMode/Operational"),
  service("ntlm", "Microsoft-Windows-NTLM/Operational"),
  service("terminalservices-localsessionmanager", "Microsoft-Windows-TerminalServices-LocalSessionManager/Operational"),
  service("smbclient-security", "Microsoft-Windows-SmbClient/Security"),
  service("printservice-admin", "Microsoft-Windows-PrintService/Admin"),
  service("printservice-operational", "Microsoft-Windows-PrintService/Operational"),
  service("openssh", "OpenSSH/Operational"),
  service("appxdeployment-server", "Microsoft-Windows-AppXDeploymentServer/Operational"),
  service("appxpackaging-om", "Microsoft-Windows-AppxPackaging/Operational"),
  service("appmodel-runtime", "Microsoft-Windows-AppModel-Runtime/Admin"),
  service("msexchange-management", "MSExchange Management"),
  service("dns-client", "Microsoft-Windows-DNS Client Events/Operational"),
  service("dns-server-analytic", "Microsoft-Windows-DNS-Server/Analytical"),
  service("iis-configuration", "Microsoft-IIS-Configuration/Operational"),
  service(
    "security-mitigations",
    "Microsoft-Windows-Security-Mitigations/Kernel Mode",
    "Microsoft-Windows-Security-Mitigations/User Mode",
  ),
  service("smbclient-connectivity", "Microsoft-Windows-SmbClient/Connectivity"),
  service("smbserver-connectivity", "Microsoft-Windows-SmbServer/Connectivity"),
  service("shell-core", "Microsoft-Windows-Shell-Core/Operational"),
  service("ldap", "Microsoft-Windows-LDAP-Client/Debug"),
  service("diagnosis-scripted", "Microsoft-Windows-Diagnosis-Scripted/Operational"),
  service("lsa-server", "Microsoft-Windows-LSA/Operational"),
  service("capi2", "Microsoft-Windows-CAPI2/Operational"),
  service(
    "certificateservicesclient-lifecycle-system",
    "Microsoft-Windows-CertificateServicesClient-Lifecycle-System/Operational",
  ),
  service("microsoft-servicebus-client", "Microsoft-ServiceBus-Client"),
  service(
    "applocker",
    "Microsoft-Windows-AppLocker/MSI and Script",
    "Microsoft-Windows-AppLocker/EXE and DLL",
    "Microsoft-Windows-AppLocker/Packaged app-Deployment",
    "Microsoft-Windows-AppLocker/Packaged app-Execution",
  ),
];

const same = (a: string | undefined, b: string | undefined) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

/**
 * The events a logsource stands for, as one test: the entries for its product, its category
 * and its service must all hold. A logsource part the map does not know refuses the rule, so a
 * rule is never applied to events it was not written for.
 */
export function compileLogsource(logsource: SigmaLogsource, map: readonly LogsourceMapEntry[]): EventTest {
  return compileLogsourceIndexed(logsource, map).test;
}

/**
 * Channels (and event ids) an event must have for the logsource to hold, when the map says:
 * a necessary condition only, used to skip rules that cannot match (rule-set.ts).
 */
export interface LogsourceIndex {
  channels: string[];
  eventIds: string[] | null;
}

export function compileLogsourceIndexed(
  logsource: SigmaLogsource,
  map: readonly LogsourceMapEntry[],
): { test: EventTest; index: LogsourceIndex | null } {
  const { product, category, service: svc } = logsource;
  if (!product && !category && !svc) throw new SigmaRuleError("logsource", "names no product, category or service");
  const entries: LogsourceMapEntry[] = [];
  if (product) {
    const entry = map.find((e) => same(e.product, product) && !e.category && !e.service);
    if (!entry) throw new SigmaRuleError("logsource.product", `\`${product}\` is not in the logsource map`);
    entries.push(entry);
  }
  for (const [key, value] of [
    ["category", category],
    ["service", svc],
  ] as const) {
    if (!value) continue;
    const entry = map.find((e) => same(e[key], value) && (!e.product || !product || same(e.product, product)));
    if (!entry)
      throw new SigmaRuleError(
        `logsource.${key}`,
        `\`${value}\`${product ? ` of \`${product}\`` : ""} is not in the logsource map`,
      );
    entries.push(entry);
  }
  const tests = entries.flatMap(entryTests);
  const test: EventTest = (e) => {
    for (const t of tests) if (!t(e)) return false;
    return true;
  };
  // The most specific entry with channels: with event ids if one has them.
  const keyed = entries
    .filter((e) => e.channels?.length)
    .sort((a, b) => (b.eventIds?.length ? 1 : 0) - (a.eventIds?.length ? 1 : 0))[0];
  const index = keyed
    ? {
        channels: (keyed.channels ?? []).map((c) => c.toLowerCase()),
        eventIds: keyed.eventIds?.length ? keyed.eventIds.map(String) : null,
      }
    : null;
  return { test, index };
}

function entryTests(entry: LogsourceMapEntry): EventTest[] {
  const tests: EventTest[] = [];
  const oneOf = (field: string, values: readonly (string | number)[] | undefined) => {
    if (!values?.length) return;
    const wanted = new Set(values.map((v) => String(v).toLowerCase()));
    tests.push((e) => {
      const v = e.lower(field);
      return typeof v === "string" && wanted.has(v);
    });
  };
  oneOf("Channel", entry.channels);
  oneOf("Provider_Name", entry.providers);
  oneOf("EventID", entry.eventIds);
  for (const [field, values] of Object.entries(entry.fields ?? {})) oneOf(field, values);
  return tests;
}
