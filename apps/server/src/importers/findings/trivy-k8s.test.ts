import { type FindingInput, findingInputSchema } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { assetSeedOf, identitiesOf } from "../../features/assets/assets-match";
import { detectFindingFormat, ImportFileError, importTrivy, sourceFromString, summariseFindings } from "./index";

const run = (text: string) => summariseFindings(importTrivy(sourceFromString(text)));

// One OpenSSL advisory in the image both workloads run.
const openssl = {
  VulnerabilityID: "CVE-2023-0286",
  PkgName: "libssl3",
  InstalledVersion: "3.0.7-r0",
  FixedVersion: "3.0.8-r0",
  Severity: "HIGH",
  Title: "openssl: X.400 address type confusion in X.509 GeneralName",
  CVSS: { nvd: { V3Score: 7.4, V3Vector: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:H" } },
};

// What `trivy k8s --report all --format json` writes (trimmed): one entry per resource and scan.
const report = {
  ClusterName: "prod-eu",
  Resources: [
    {
      Namespace: "shop",
      Kind: "Deployment",
      Name: "web",
      Metadata: [{ RepoTags: ["nginx:1.23-alpine"] }],
      Results: [
        { Target: "nginx:1.23-alpine (alpine 3.17.1)", Class: "os-pkgs", Type: "alpine", Vulnerabilities: [openssl] },
        {
          Target: "Deployment/web",
          Class: "config",
          Type: "kubernetes",
          Misconfigurations: [
            {
              ID: "KSV012",
              AVDID: "AVD-KSV-0012",
              Title: "Runs as root user",
              Description: "Force the running image to run as a non-root user.",
              Message: "Container 'nginx' of Deployment 'web' should set 'securityContext.runAsNonRoot' to true",
              Resolution: "Set 'containers[].securityContext.runAsNonRoot' to true.",
              Severity: "MEDIUM",
              Status: "FAIL",
            },
            {
              ID: "KSV001",
              AVDID: "AVD-KSV-0001",
              Title: "Process can elevate its own privileges",
              Severity: "MEDIUM",
              Status: "PASS",
            },
          ],
        },
      ],
    },
    {
      Namespace: "billing",
      Kind: "StatefulSet",
      Name: "ledger",
      Results: [{ Target: "nginx:1.23-alpine (alpine 3.17.1)", Class: "os-pkgs", Type: "alpine", Vulnerabilities: [openssl] }],
    },
    { Namespace: "billing", Kind: "Service", Name: "ledger" },
  ],
};

describe("Trivy Kubernetes reports", () => {
  it("detects the report as Trivy", () => {
    expect(detectFindingFormat(JSON.stringify(report, null, 2))).toBe("trivy");
    expect(detectFindingFormat('{"ClusterName": "c", "Vulnerabilities": [{"Namespace": "a"')).toBe("trivy");
  });

  it("maps each resource to a cloud asset and its vulnerabilities and failed checks to findings", async () => {
    const r = await run(JSON.stringify(report));
    expect(r.rejected).toEqual([]);
    expect(r.skipped).toEqual({ "misconfiguration check PASS": 1, "kubernetes resource without results": 1 });
    expect(r.records.map((f) => [f.cloudResourceId, f.scannerFindingId])).toEqual([
      ["k8s://prod-eu/shop/Deployment/web", "CVE-2023-0286|libssl3|3.0.7-r0"],
      ["k8s://prod-eu/shop/Deployment/web", "AVD-KSV-0012"],
      ["k8s://prod-eu/billing/StatefulSet/ledger", "CVE-2023-0286|libssl3|3.0.7-r0"],
    ]);
    for (const f of r.records) expect(findingInputSchema.safeParse(f).success).toBe(true);

    const [webVuln, webCheck, ledgerVuln] = r.records;
    expect(webVuln).toMatchObject({
      scanner: "trivy",
      target: "nginx:1.23-alpine (alpine 3.17.1)",
      severity: "High",
      cvssScore: 7.4,
      cveIds: ["CVE-2023-0286"],
      remediation: "Upgrade libssl3 to 3.0.8-r0",
    });
    // The image a workload runs is no asset identity of the workload.
    expect(webVuln?.image).toBeUndefined();
    expect(ledgerVuln).toMatchObject({ target: "nginx:1.23-alpine (alpine 3.17.1)", severity: "High" });
    expect(webCheck).toMatchObject({
      target: "Deployment/web",
      title: "Runs as root user",
      severity: "Medium",
      remediation: "Set 'containers[].securityContext.runAsNonRoot' to true.",
      evidence: "Container 'nginx' of Deployment 'web' should set 'securityContext.runAsNonRoot' to true",
    });

    // One shared vulnerability, two workloads in two namespaces: two assets, one identity each.
    const ids = r.records.map((f) => identitiesOf(f));
    expect(ids[0]).toEqual([{ kind: "cloud", value: "k8s://prod-eu/shop/deployment/web" }]);
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual([{ kind: "cloud", value: "k8s://prod-eu/billing/statefulset/ledger" }]);
    expect(assetSeedOf(ledgerVuln as FindingInput, ids[2] ?? [])).toMatchObject({
      name: "k8s://prod-eu/billing/StatefulSet/ledger",
      type: "Cloud Resource",
      clientEnvironment: "Cloud",
    });
  });

  it("reads older reports' Vulnerabilities/Misconfigurations arrays and cluster-scoped resources", async () => {
    const older = {
      ClusterName: "lab",
      Vulnerabilities: [
        { Namespace: "shop", Kind: "Deployment", Name: "web", Results: [{ Target: "nginx", Vulnerabilities: [openssl] }] },
      ],
      Misconfigurations: [
        {
          Kind: "ClusterRole",
          Name: "admin",
          Results: [
            {
              Target: "ClusterRole/admin",
              Misconfigurations: [{ ID: "KSV046", Title: "Manage all resources", Severity: "CRITICAL" }],
            },
          ],
        },
        { Namespace: "kube-system", Kind: "Pod", Name: "etcd", Error: "timeout" },
      ],
    };
    const r = await run(JSON.stringify(older));
    expect(r.records.map((f) => f.cloudResourceId)).toEqual(["k8s://lab/shop/Deployment/web", "k8s://lab//ClusterRole/admin"]);
    expect(r.records[1]).toMatchObject({ scannerFindingId: "KSV046", severity: "Critical" });
    expect(r.skipped).toEqual({ "kubernetes resource not scanned (Trivy error)": 1 });
  });

  it("rejects a resource it cannot name, keeping the rest", async () => {
    const doc = {
      ClusterName: "c",
      Resources: [{ Namespace: "a", Kind: "Pod", Results: [{ Vulnerabilities: [openssl] }] }, report.Resources[1]],
    };
    const r = await run(JSON.stringify(doc));
    expect(r.records).toHaveLength(1);
    expect(r.rejected).toHaveLength(1);
    expect(r.rejected[0]).toMatchObject({ row: 1, problems: [{ field: "Resources[0].Name" }] });
  });

  it("rejects the whole file when ClusterName comes without a Resources array", async () => {
    await expect(run('{"ClusterName": "c", "Resources": {"Kind": "Pod"}}')).rejects.toThrow(
      /ClusterName is set but Resources is object, not an array of resources/,
    );
    await expect(run('{"ClusterName": "c", "Resources": null}')).rejects.toBeInstanceOf(ImportFileError);
    await expect(run('{"ClusterName": "c"}')).rejects.toThrow(/no Resources\[\] array/);
  });
});
