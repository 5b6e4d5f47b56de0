import { Link, useSearchParams } from "react-router";
import { cn } from "@/lib/cn";
import { useTenantsWith } from "@/lib/permissions";
import { AnalystWorkload } from "./analyst-workload";
import { ClientBoard } from "./client-board";
import { DetectionCoverage } from "./detection-coverage";
import { EscalationContacts } from "./escalation-contacts";
import { EscalationForm, EscalationList } from "./escalations";
import { HandoverForm, HandoverHistory } from "./handovers";
import { SourceHealth } from "./source-health";

const tabs = [
  { id: "board", label: "Client board" },
  { id: "sources", label: "Data sources" },
  { id: "workload", label: "Workload" },
  { id: "coverage", label: "Detection coverage" },
  { id: "handover", label: "Shift handover" },
  { id: "escalations", label: "Escalations" },
] as const;
type Tab = (typeof tabs)[number]["id"];

/** The MDR console for the tenants in scope that have MDR (`tenants`); the tab lives in the URL (`?tab=`). */
export function MdrPage({ tenants }: { tenants: { id: string; name: string }[] }) {
  const [params] = useSearchParams();
  const tab: Tab = tabs.find((t) => t.id === params.get("tab"))?.id ?? "board";
  const inScope = new Set(tenants.map((t) => t.id));
  const writable = useTenantsWith("data.write").filter((t) => inScope.has(t.id));
  const manageable = useTenantsWith("members.manage").filter((t) => inScope.has(t.id));
  const names = new Map(tenants.map((t) => [t.id, t.name]));
  const tenantName = (id: string) => names.get(id) ?? id;
  return (
    <div className="space-y-6">
      <nav aria-label="MDR sections" className="flex gap-1 overflow-x-auto">
        {tabs.map((t) => (
          <Link
            key={t.id}
            to={{ search: t.id === "board" ? "" : `?tab=${t.id}` }}
            aria-current={t.id === tab ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
              t.id === tab
                ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:text-white dark:ring-slate-700"
                : "text-slate-600 hover:bg-slate-200/60 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === "board" && <ClientBoard />}
      {tab === "sources" && <SourceHealth />}
      {tab === "workload" && <AnalystWorkload />}
      {tab === "coverage" && <DetectionCoverage tenants={tenants} />}
      {tab === "handover" && (
        <>
          <HandoverForm key={writable.map((t) => t.id).join()} tenants={writable} />
          <HandoverHistory showTenant={tenants.length > 1} tenantName={tenantName} />
        </>
      )}
      {tab === "escalations" && (
        <>
          <EscalationForm key={writable.map((t) => t.id).join()} tenants={writable} />
          <EscalationList tenantName={tenantName} writable={new Set(writable.map((t) => t.id))} />
          <EscalationContacts key={manageable.map((t) => t.id).join()} tenants={manageable} />
        </>
      )}
    </div>
  );
}
