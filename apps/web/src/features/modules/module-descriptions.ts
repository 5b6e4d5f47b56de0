import type { EntitledModule } from "@watchfloor/shared";

/** What each switchable module does, for its upgrade page (docs/modules.md). */
export const moduleDescriptions: Record<EntitledModule, { name: string; summary: string; points: string[] }> = {
  compliance: {
    name: "Compliance",
    summary: "Configuration benchmarks and cloud-scanner results mapped to frameworks.",
    points: [
      "Hosts and cloud accounts against CIS, PCI DSS, NIST, ISO 27001 and more",
      "Drift between scans, exceptions with expiry",
      "Evidence packs per framework",
    ],
  },
  automation: {
    name: "Automation",
    summary: "Rules that act on alerts, incidents and findings, and Sigma detections on raw events.",
    points: ["Assign, escalate, group and close by rule", "Signed webhooks, Slack and Teams", "Dry runs before a rule goes live"],
  },
  vm: {
    name: "Vulnerability management",
    summary: "The programme that fixes exposure: backlog, fix groups, campaigns and remediation SLAs.",
    points: ["Fix groups ranked by risk removed", "Campaigns measured by later scans", "Risk acceptance with expiry"],
  },
  mdr: {
    name: "Managed detection and response",
    summary: "The provider's service console across clients.",
    points: [
      "Client board: open work, SLA, incidents and MTTA/MTTR against last week",
      "Silent data sources turn red and notify the team",
      "Analyst workload, shift handover notes and escalations with the client's acknowledgement",
    ],
  },
  drp: {
    name: "Digital risk protection",
    summary: "Watches your domains, brands and executives for impersonation.",
    points: [
      "Look-alike domains (typos, homoglyphs, IDN, TLD swaps)",
      "Matches in alerts, DNS, certificate and registration feeds",
      "Leaked credentials of your domains, never their passwords",
    ],
  },
  "cloud-sec": {
    name: "Cloud security",
    summary: "The resource view of your cloud scans.",
    points: [
      "Accounts and resources seen in scans",
      "Publicly exposed resources, identity and logging gaps",
      "Misconfigurations by service",
    ],
  },
  ctem: {
    name: "Continuous threat exposure management",
    summary: "Scopes, discovery, prioritisation, validation and mobilisation of exposures.",
    points: [
      "One exposure score with its reasons",
      "Validation results and evidence",
      "Remediation tasks tracked by later scans",
    ],
  },
};
