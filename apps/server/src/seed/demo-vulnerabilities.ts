import type { FindingSeverity } from "@watchfloor/shared";

/** Which demo assets a vulnerability can be found on (by the asset's type). */
export type DemoTarget = "Workstation" | "Server" | "Database" | "Web Application" | "Network Device";

export interface DemoVulnerability {
  /** The scanner's own id for it: a Nessus plugin, a GVM NVT OID or a Qualys QID. */
  ids: { nessus?: string; openvas?: string; qualys?: string };
  title: string;
  severity: FindingSeverity;
  cves: string[];
  cwe?: string;
  vector?: string;
  port?: number;
  on: DemoTarget[];
  remediation: string;
}

/**
 * Real, well-known vulnerabilities (CVE ids, CWEs and CVSS vectors as NVD publishes them) and
 * common configuration findings, for the demo tenants' scanner results. The scanner ids show each
 * scanner's id format and are not guaranteed to be that scanner's current id for the issue.
 */
export const demoVulnerabilities: DemoVulnerability[] = [
  { ids: { nessus: "156014", openvas: "1.3.6.1.4.1.25623.1.0.117838", qualys: "730297" }, title: "Apache Log4j 2.x < 2.15.0 Remote Code Execution (Log4Shell)", severity: "Critical", cves: ["CVE-2021-44228"], cwe: "CWE-502", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", port: 8080, on: ["Server", "Web Application"], remediation: "Upgrade Log4j to 2.17.1 or later." },
  { ids: { nessus: "97833", openvas: "1.3.6.1.4.1.25623.1.0.810676", qualys: "91345" }, title: "MS17-010: Security Update for Microsoft Windows SMB Server (EternalBlue)", severity: "High", cves: ["CVE-2017-0144"], cwe: "CWE-20", vector: "CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H", port: 445, on: ["Workstation", "Server"], remediation: "Apply MS17-010 and disable SMBv1." },
  { ids: { nessus: "125313", qualys: "91534" }, title: "Microsoft RDP RCE (BlueKeep)", severity: "Critical", cves: ["CVE-2019-0708"], cwe: "CWE-416", vector: "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", port: 3389, on: ["Workstation", "Server"], remediation: "Install the May 2019 security update; enable Network Level Authentication." },
  { ids: { nessus: "73412", openvas: "1.3.6.1.4.1.25623.1.0.103936" }, title: "OpenSSL Heartbeat Information Disclosure (Heartbleed)", severity: "High", cves: ["CVE-2014-0160"], cwe: "CWE-125", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N", port: 443, on: ["Server", "Web Application", "Network Device"], remediation: "Upgrade OpenSSL to 1.0.1g or later and replace keys and certificates." },
  { ids: { nessus: "151440", qualys: "91785" }, title: "Windows Print Spooler Remote Code Execution (PrintNightmare)", severity: "High", cves: ["CVE-2021-34527"], vector: "CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H", port: 445, on: ["Workstation", "Server"], remediation: "Apply the July 2021 update; disable the Print Spooler where not needed." },
  { ids: { nessus: "140657", openvas: "1.3.6.1.4.1.25623.1.0.117403" }, title: "Netlogon Elevation of Privilege (Zerologon)", severity: "Critical", cves: ["CVE-2020-1472"], cwe: "CWE-330", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", port: 445, on: ["Server"], remediation: "Install the August 2020 update and enforce secure RPC." },
  { ids: { nessus: "159374", qualys: "730398" }, title: "Spring Framework Remote Code Execution (Spring4Shell)", severity: "Critical", cves: ["CVE-2022-22965"], cwe: "CWE-94", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", port: 8443, on: ["Web Application"], remediation: "Upgrade Spring Framework to 5.3.18 / 5.2.20 or later." },
  { ids: { nessus: "177082" }, title: "Progress MOVEit Transfer SQL Injection", severity: "Critical", cves: ["CVE-2023-34362"], cwe: "CWE-89", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", port: 443, on: ["Web Application"], remediation: "Apply the vendor patch and review for indicators of compromise." },
  { ids: { nessus: "147003", qualys: "50107" }, title: "Microsoft Exchange Server Remote Code Execution (ProxyLogon)", severity: "Critical", cves: ["CVE-2021-26855"], cwe: "CWE-918", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", port: 443, on: ["Server"], remediation: "Install the March 2021 Exchange security updates." },
  { ids: { nessus: "126024", openvas: "1.3.6.1.4.1.25623.1.0.141940" }, title: "Fortinet FortiOS SSL VPN Path Traversal", severity: "Critical", cves: ["CVE-2018-13379"], cwe: "CWE-22", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", port: 10443, on: ["Network Device"], remediation: "Upgrade FortiOS and reset SSL VPN credentials." },
  { ids: { nessus: "183224" }, title: "Cisco IOS XE Web UI Privilege Escalation", severity: "Critical", cves: ["CVE-2023-20198"], cwe: "CWE-420", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", port: 443, on: ["Network Device"], remediation: "Disable the HTTP server feature or upgrade to a fixed release." },
  { ids: { nessus: "193127" }, title: "Palo Alto Networks PAN-OS GlobalProtect Command Injection", severity: "Critical", cves: ["CVE-2024-3400"], cwe: "CWE-77", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", port: 443, on: ["Network Device"], remediation: "Upgrade PAN-OS to a fixed hotfix release." },
  { ids: { nessus: "158676", openvas: "1.3.6.1.4.1.25623.1.0.147738" }, title: "Linux Kernel Privilege Escalation (Dirty Pipe)", severity: "High", cves: ["CVE-2022-0847"], cwe: "CWE-665", vector: "CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H", on: ["Server", "Database"], remediation: "Upgrade the kernel to 5.16.11, 5.15.25, 5.10.102 or later." },
  { ids: { nessus: "157252", openvas: "1.3.6.1.4.1.25623.1.0.113869", qualys: "376339" }, title: "Polkit pkexec Local Privilege Escalation (PwnKit)", severity: "High", cves: ["CVE-2021-4034"], cwe: "CWE-787", vector: "CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H", on: ["Server", "Database"], remediation: "Update polkit; remove the SUID bit from pkexec as a stopgap." },
  { ids: { nessus: "183390", qualys: "38906" }, title: "HTTP/2 Rapid Reset Denial of Service", severity: "High", cves: ["CVE-2023-44487"], cwe: "CWE-400", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H", port: 443, on: ["Web Application", "Server"], remediation: "Upgrade the web server or proxy to a release that limits stream resets." },
  { ids: { nessus: "172447", qualys: "110431" }, title: "Microsoft Outlook Elevation of Privilege", severity: "Critical", cves: ["CVE-2023-23397"], cwe: "CWE-294", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", on: ["Workstation"], remediation: "Install the March 2023 Outlook update; block outbound SMB (TCP 445)." },
  { ids: { nessus: "161691", qualys: "91909" }, title: "Microsoft Windows MSDT Remote Code Execution (Follina)", severity: "High", cves: ["CVE-2022-30190"], vector: "CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H", on: ["Workstation"], remediation: "Install the June 2022 cumulative update." },
  { ids: { nessus: "181290", qualys: "377534" }, title: "Google Chrome < 116.0.5845.187 libwebp Heap Buffer Overflow", severity: "High", cves: ["CVE-2023-4863"], cwe: "CWE-787", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H", on: ["Workstation"], remediation: "Update Chrome to 116.0.5845.187 or later." },
  { ids: { nessus: "42873", openvas: "1.3.6.1.4.1.25623.1.0.108031" }, title: "SSL Medium Strength Cipher Suites Supported (SWEET32)", severity: "Medium", cves: ["CVE-2016-2183"], cwe: "CWE-200", vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N", port: 443, on: ["Server", "Web Application", "Network Device", "Database"], remediation: "Disable 3DES and other 64-bit block ciphers." },
  { ids: { nessus: "51192", openvas: "1.3.6.1.4.1.25623.1.0.103140" }, title: "SSL Certificate Cannot Be Trusted", severity: "Medium", cves: [], cwe: "CWE-295", vector: "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N", port: 443, on: ["Server", "Web Application", "Network Device"], remediation: "Install a certificate signed by a trusted CA." },
  { ids: { nessus: "57608", qualys: "90714" }, title: "SMB Signing not required", severity: "Medium", cves: [], vector: "CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N", port: 445, on: ["Workstation", "Server"], remediation: "Require message signing in the SMB server configuration." },
  { ids: { nessus: "104743", openvas: "1.3.6.1.4.1.25623.1.0.117274" }, title: "TLS Version 1.0 Protocol Detection", severity: "Medium", cves: [], cwe: "CWE-327", vector: "CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:L/A:N", port: 443, on: ["Server", "Web Application", "Database"], remediation: "Disable TLS 1.0 and 1.1; allow TLS 1.2 and 1.3 only." },
  { ids: { nessus: "90317", openvas: "1.3.6.1.4.1.25623.1.0.105611" }, title: "SSH Weak Algorithms Supported", severity: "Medium", cves: [], cwe: "CWE-327", vector: "CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N", port: 22, on: ["Server", "Network Device", "Database"], remediation: "Remove arcfour and CBC ciphers from the SSH server configuration." },
  { ids: { nessus: "10114", openvas: "1.3.6.1.4.1.25623.1.0.103190" }, title: "ICMP Timestamp Request Remote Date Disclosure", severity: "Low", cves: ["CVE-1999-0524"], cwe: "CWE-200", on: ["Server", "Workstation", "Network Device"], remediation: "Filter ICMP timestamp requests (13) and replies (14)." },
  { ids: { nessus: "70658", openvas: "1.3.6.1.4.1.25623.1.0.105612" }, title: "SSH Server CBC Mode Ciphers Enabled", severity: "Low", cves: ["CVE-2008-5161"], cwe: "CWE-200", vector: "CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N", port: 22, on: ["Server", "Database"], remediation: "Enable CTR or GCM cipher modes instead of CBC." },
];
