/**
 * The ATT&CK data components a data source supplies when nobody has set them (docs/mdr.md
 * "Detection coverage"): by words in the source's tool or sensor name, the kinds of telemetry such
 * products are built to collect. A SIEM (Splunk, Sentinel, QRadar) supplies whatever it collects, so
 * it gets none by default: its components are set by hand.
 */
const endpoint = [
  "DC0032", // Process Creation
  "DC0033", // Process Termination
  "DC0034", // Process Metadata
  "DC0035", // Process Access
  "DC0020", // Process Modification
  "DC0064", // Command Execution
  "DC0029", // Script Execution
  "DC0021", // OS API Execution
  "DC0016", // Module Load
  "DC0039", // File Creation
  "DC0061", // File Modification
  "DC0040", // File Deletion
  "DC0055", // File Access
  "DC0059", // File Metadata
  "DC0056", // Windows Registry Key Creation
  "DC0063", // Windows Registry Key Modification
  "DC0045", // Windows Registry Key Deletion
  "DC0050", // Windows Registry Key Access
  "DC0082", // Network Connection Creation
  "DC0060", // Service Creation
  "DC0065", // Service Modification
  "DC0001", // Scheduled Job Creation
  "DC0012", // Scheduled Job Modification
  "DC0079", // Driver Load
  "DC0048", // Named Pipe Metadata
  "DC0008", // WMI Creation
];
const network = [
  "DC0085", // Network Traffic Content
  "DC0078", // Network Traffic Flow
  "DC0082", // Network Connection Creation
];
const dns = [
  "DC0096", // Passive DNS
  "DC0085", // Network Traffic Content
];
const identity = [
  "DC0002", // User Account Authentication
  "DC0067", // Logon Session Creation
  "DC0088", // Logon Session Metadata
  "DC0014", // User Account Creation
  "DC0010", // User Account Modification
  "DC0009", // User Account Deletion
  "DC0013", // User Account Metadata
  "DC0094", // Group Modification
  "DC0007", // Web Credential Usage
];
const directory = [
  ...identity,
  "DC0084", // Active Directory Credential Request
  "DC0087", // Active Directory Object Creation
  "DC0066", // Active Directory Object Modification
  "DC0068", // Active Directory Object Deletion
  "DC0071", // Active Directory Object Access
];
const cloud = [
  "DC0076", // Instance Creation
  "DC0081", // Instance Deletion
  "DC0073", // Instance Modification
  "DC0080", // Instance Start
  "DC0089", // Instance Stop
  "DC0075", // Instance Enumeration
  "DC0086", // Instance Metadata
  "DC0024", // Cloud Storage Creation
  "DC0022", // Cloud Storage Deletion
  "DC0023", // Cloud Storage Modification
  "DC0025", // Cloud Storage Access
  "DC0017", // Cloud Storage Enumeration
  "DC0027", // Cloud Storage Metadata
  "DC0083", // Cloud Service Enumeration
  "DC0069", // Cloud Service Modification
  "DC0090", // Cloud Service Disable
  "DC0070", // Cloud Service Metadata
  "DC0057", // Snapshot Creation
  "DC0049", // Snapshot Deletion
  "DC0058", // Snapshot Modification
  "DC0002", // User Account Authentication
  "DC0067", // Logon Session Creation
];
const hostLog = [
  "DC0032", // Process Creation
  "DC0064", // Command Execution
  "DC0039", // File Creation
  "DC0061", // File Modification
  "DC0040", // File Deletion
  "DC0002", // User Account Authentication
  "DC0067", // Logon Session Creation
  "DC0014", // User Account Creation
  "DC0010", // User Account Modification
  "DC0060", // Service Creation
  "DC0038", // Application Log Content
];
const application = [
  "DC0038", // Application Log Content
  "DC0085", // Network Traffic Content
];

/** First match wins; the words are whole words of the lower-cased "tool sensor". */
export const defaultComponentRules: readonly { words: readonly string[]; kind: string; components: readonly string[] }[] = [
  { words: ["splunk", "sentinel", "qradar", "siem", "chronicle", "sumo"], kind: "SIEM", components: [] },
  {
    words: ["falcon", "crowdstrike", "defender", "sentinelone", "carbon", "cortex", "edr", "sysmon", "xdr", "endpoint"],
    kind: "endpoint (EDR)",
    components: endpoint,
  },
  { words: ["wazuh", "ossec", "osquery", "auditd", "syslog", "hids"], kind: "host logs (HIDS)", components: hostLog },
  {
    words: ["zeek", "bro", "suricata", "snort", "ids", "ips", "ndr", "netflow", "firewall", "palo", "fortigate", "perimeter"],
    kind: "network",
    components: network,
  },
  { words: ["dns", "umbrella", "infoblox"], kind: "DNS", components: dns },
  { words: ["directory", "ad", "ldap", "kerberos"], kind: "directory", components: directory },
  {
    words: ["okta", "entra", "azuread", "duo", "ping", "auth0", "onelogin", "sso", "idp"],
    kind: "identity",
    components: identity,
  },
  {
    words: ["guardduty", "cloudtrail", "aws", "azure", "gcp", "cloud", "securityhub"],
    kind: "cloud",
    components: cloud,
  },
  {
    words: ["proxy", "zscaler", "squid", "waf", "email", "mail", "proofpoint", "mimecast"],
    kind: "application",
    components: application,
  },
];

/** The default components of a source, by the words of its tool and sensor names. */
export function defaultComponents(tool: string, sensor: string): string[] {
  const words = new Set(
    `${tool} ${sensor}`
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
  const rule = defaultComponentRules.find((r) => r.words.some((w) => words.has(w)));
  return [...new Set(rule?.components ?? [])];
}
