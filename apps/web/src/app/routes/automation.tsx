import { ArrowLeft, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { LinkTabs } from "@/components/ui/link-tabs";
import { PageHeader } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { paths, rulePath } from "@/config/paths";
import { useRule } from "@/features/automation/api/rules";
import { RuleDetail } from "@/features/automation/components/rule-runs";
import { RuleEditor } from "@/features/automation/components/rule-editor";
import { RulesList } from "@/features/automation/components/rules-list";
import { WebhooksPage } from "@/features/automation/components/webhooks-page";
import { useModules } from "@/features/modules/api/get-modules";
import { ModuleAccess } from "@/features/modules/components/module-access";
import { useTenants } from "@/features/tenants/api/get-tenants";
import { useCan } from "@/lib/permissions";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/** Automation is a module a provider switches per tenant (docs/modules.md, docs/automation.md). */
function AutomationGate({ children }: { children: (tenantName: (id: string) => string) => ReactNode }) {
  const tenants = useTenants();
  const modules = useModules();
  const selected = useSelectedTenantId();
  if (tenants.isError) return <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />;
  if (modules.isError) return <ErrorState error={modules.error} onRetry={() => modules.refetch()} />;
  if (tenants.isPending || modules.isPending) return <LoadingState label="Loading automation" />;
  const inScope = tenants.data.filter((t) => !selected || t.id === selected);
  const has = (id: string) =>
    modules.data.some((m) => m.tenantId === id && m.modules.some((x) => x.module === "automation" && x.enabled));
  const names = new Map(tenants.data.map((t) => [t.id, t.name]));
  return (
    <div className="space-y-6">
      {inScope.some((t) => has(t.id)) && children((id) => names.get(id) ?? id)}
      <ModuleAccess module="automation" tenants={inScope} />
    </div>
  );
}

/** The Automation tabs; Detections (automation-detections.tsx) shows them too. */
export function Tabs() {
  const canManage = useCan("automation.manage");
  const tabs = [
    { label: "Rules", to: paths.automation.root, end: true },
    ...(canManage ? [{ label: "Webhooks", to: paths.automation.webhooks }] : []),
    { label: "Detections", to: paths.automation.detections },
  ];
  return <LinkTabs tabs={tabs} label="Automation" className="mb-6" />;
}

const header = (actions?: ReactNode) => (
  <PageHeader
    title="Automation"
    description="Rules that act on alerts and incidents as they arrive, change or breach their SLA; webhooks that tell other tools."
    actions={actions}
  />
);

export function AutomationRulesRoute() {
  const canManage = useCan("automation.manage");
  return (
    <>
      {header(
        canManage && (
          <Link to={paths.automation.newRule} className={buttonClass("primary")}>
            <Plus aria-hidden className="size-4" /> New rule
          </Link>
        ),
      )}
      <Tabs />
      <AutomationGate>{(tenantName) => <RulesList tenantName={tenantName} />}</AutomationGate>
    </>
  );
}

export function WebhooksRoute() {
  return (
    <>
      {header()}
      <Tabs />
      <AutomationGate>{(tenantName) => <WebhooksPage tenantName={tenantName} />}</AutomationGate>
    </>
  );
}

const BackLink = ({ to, label }: { to: string; label: string }) => (
  <Link
    to={to}
    className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-sky-800 hover:underline dark:text-sky-300"
  >
    <ArrowLeft aria-hidden className="size-4" /> {label}
  </Link>
);

export function NewRuleRoute() {
  return (
    <>
      <BackLink to={paths.automation.root} label="Automation rules" />
      <PageHeader title="New automation rule" description="Dry-run it on the last 7 days before you switch it on." />
      <AutomationGate>{() => <RuleEditor />}</AutomationGate>
    </>
  );
}

function WithRule({ children }: { children: (rule: NonNullable<ReturnType<typeof useRule>["data"]>) => ReactNode }) {
  const { ruleId } = useParams();
  const rule = useRule(ruleId);
  if (rule.isPending) return <LoadingState label="Loading rule" />;
  if (rule.isError) return <ErrorState error={rule.error} onRetry={() => rule.refetch()} />;
  return <>{children(rule.data)}</>;
}

export function RuleRoute() {
  const canManage = useCan("automation.manage");
  return (
    <>
      <BackLink to={paths.automation.root} label="Automation rules" />
      <WithRule>
        {(rule) => (
          <>
            <PageHeader
              title={rule.name}
              description={rule.description || undefined}
              actions={
                canManage && (
                  <Link to={`${rulePath(rule.id)}/edit`} className={buttonClass("secondary")}>
                    Edit rule
                  </Link>
                )
              }
            />
            <AutomationGate>{(tenantName) => <RuleDetail rule={rule} tenantName={tenantName} />}</AutomationGate>
          </>
        )}
      </WithRule>
    </>
  );
}

export function EditRuleRoute() {
  return (
    <>
      <BackLink to={paths.automation.root} label="Automation rules" />
      <WithRule>
        {(rule) => (
          <>
            <PageHeader title={`Edit: ${rule.name}`} />
            <AutomationGate>{() => <RuleEditor rule={rule} />}</AutomationGate>
          </>
        )}
      </WithRule>
    </>
  );
}
