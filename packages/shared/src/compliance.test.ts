import { describe, expect, it } from "vitest";
import { complianceFrameworkOf } from "./compliance";

describe("complianceFrameworkOf", () => {
  it.each([
    ["CIS-3.0", "cis"],
    ["CIS Amazon Web Services Foundations 1.2.0", "cis"],
    ["PCI-4.0", "pci-dss-4.0"],
    ["pci_dss_v4.0", "pci-dss-4.0"],
    ["PCI DSS v4.0.1", "pci-dss-4.0"],
    ["NIST-800-53-Revision-5", "nist-800-53-r5"],
    ["NIST.800-53.r5", "nist-800-53-r5"],
    ["NIST-CSF-2.0", "nist-csf-2.0"],
    ["ISO27001-2022", "iso-27001-2022"],
    ["SOC2", "soc2"],
    ["tsc", "soc2"],
    ["HIPAA", "hipaa"],
    ["GDPR", "gdpr"],
    ["gdpr_IV", "gdpr"],
  ])("%s is %s", (label, id) => expect(complianceFrameworkOf(label)).toBe(id));

  it.each([
    "PCI-3.2.1",
    "pci_dss",
    "NIST-800-53-Revision-4",
    "NIST-CSF-1.1",
    "ISO27001_2013",
    "KISA-ISMS-P-2023",
    "FedRAMP-Low-Revision-4",
    "MITRE-ATTACK",
  ])("%s names another framework or version", (label) => expect(complianceFrameworkOf(label)).toBeNull());
});
