import { Upload } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { AttackSurfacePage } from "@/features/attack-surface/components/attack-surface-page";

/** Attack Surface (the spec's menu entry): external assets, their open ports, services and certificates. */
export function AttackSurfaceRoute() {
  return (
    <>
      <PageHeader
        title="Attack Surface"
        description="External assets from nmap scans and internet-facing assets from vulnerability scans: domains, addresses, open ports, services and TLS certificates."
        actions={
          <a href="#import-scan" className={buttonClass("secondary", "sm")}>
            <Upload aria-hidden className="size-4" /> Import nmap scan
          </a>
        }
      />
      <AttackSurfacePage />
    </>
  );
}
