import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { LinkTabs } from "@/components/ui/link-tabs";
import { BackLink, PageHeader } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { paths, rulePath } from "@/config/paths";
import { useRule } from "@/features/automation/api/rules";
import { RuleDetail } from "@/features/automation/components/rule-runs";
import { RuleEditor } from "@/features/automation/components/rule-editor";
import { RulesList } from "@/features/automation/components/rules-list";
import { WebhooksPage } from "@/features/automation/components/webhooks-page";
import { useCan } from "@/lib/permissions";
import { ModuleGate } from "./module-gate";

/** Automation is a module a provider switches per tenant (docs/modules.md, docs/automation.md). */
function AutomationGate({ children }: { children: (tenantName: (id: string) => string) => ReactNode }) {
  return (
    <ModuleGate module="automation" loadingLabel="Loading automation">
      {({ tenantName }) => children(tenantName)}
    </ModuleGate>
  );
}

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
