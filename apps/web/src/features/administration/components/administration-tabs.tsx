import { roleCan, type Tenant } from "@watchfloor/shared";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { useSearchParams } from "react-router";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { cn } from "@/lib/cn";
import { useCurrentUser } from "@/lib/session";
import { ApiKeysTab } from "./api-keys-tab";
import { AttackCatalogueTab } from "./attack-catalogue-tab";
import { AuditTab } from "./audit-tab";
import { BrandingTab } from "./branding-tab";
import { InvitationsTab } from "./invitations-tab";
import { MembersTab } from "./members-tab";
import { RemediationSlaTab } from "./remediation-sla-tab";
import { SignupToggle } from "./signup-toggle";
import { ThreatIntelTab } from "./threat-intel-tab";

type TabId =
  | "members"
  | "invitations"
  | "api-keys"
  | "audit"
  | "remediation-sla"
  | "sign-up"
  | "branding"
  | "attack"
  | "intel"
  | "modules";

/** `modules`: the provider's module switchboard, composed by the route (it belongs to another feature). */
type Props = { tenants: Tenant[] | undefined; tenantsError: Error | null; onRetryTenants: () => void; modules?: ReactNode };

/** Tabs live in ?tab= so a link (e.g. from the Help Center) can open one directly. */
export function AdministrationTabs({ tenants, tenantsError, onRetryTenants, modules }: Props) {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  if (tenantsError) return <ErrorState error={tenantsError} onRetry={onRetryTenants} />;
  if (!tenants) return <LoadingState label="Loading tenants" />;

  const memberTenants = tenants.filter((t) => roleCan(t.role, "members.manage"));
  const keyTenants = tenants.filter((t) => roleCan(t.role, "keys.manage"));
  const canAudit = tenants.some((t) => roleCan(t.role, "audit.read")) || user.platformAdmin;
  // Owners edit the remediation SLA; admins see it.
  const slaTenants = tenants.filter((t) => roleCan(t.role, "tenant.manage") || roleCan(t.role, "members.manage"));
  const tabs: { id: TabId; label: string }[] = [
    ...(memberTenants.length
      ? [
          { id: "members" as const, label: "Members" },
          { id: "invitations" as const, label: "Invitations" },
        ]
      : []),
    ...(keyTenants.length ? [{ id: "api-keys" as const, label: "API keys" }] : []),
    ...(canAudit ? [{ id: "audit" as const, label: "Audit log" }] : []),
    ...(slaTenants.length ? [{ id: "remediation-sla" as const, label: "Remediation SLA" }] : []),
    ...(user.platformAdmin
      ? [
          ...(modules ? [{ id: "modules" as const, label: "Modules" }] : []),
          { id: "sign-up" as const, label: "Sign-up" },
          { id: "branding" as const, label: "Branding" },
          { id: "attack" as const, label: "ATT&CK catalogue" },
          { id: "intel" as const, label: "Threat intelligence" },
        ]
      : []),
  ];
  if (tabs.length === 0) {
    return (
      <EmptyState title="Nothing to administer">
        Your role in your tenants does not include administration. Owners and admins manage members, invitations and API keys.
      </EmptyState>
    );
  }
  const requested = params.get("tab");
  const active = tabs.find((t) => t.id === requested)?.id ?? tabs[0]?.id ?? "members";
  const select = (id: TabId) => setParams({ tab: id }, { replace: true });

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.id === active);
    const delta = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = tabs[(index + delta + tabs.length) % tabs.length];
    if (next) {
      select(next.id);
      refs.current[next.id]?.focus();
    }
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label="Administration sections"
        className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === active ? 0 : -1}
            onClick={() => select(tab.id)}
            className={cn(
              "-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap",
              tab.id === active
                ? "border-sky-600 text-sky-800 dark:border-sky-400 dark:text-sky-300"
                : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white",
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`}>
        {active === "members" && <MembersTab tenants={memberTenants} />}
        {active === "invitations" && <InvitationsTab tenants={memberTenants} allTenants={tenants} />}
        {active === "api-keys" && <ApiKeysTab tenants={keyTenants} allTenants={tenants} />}
        {active === "audit" && <AuditTab tenants={tenants} />}
        {active === "sign-up" && <SignupToggle />}
        {active === "branding" && <BrandingTab />}
        {active === "attack" && <AttackCatalogueTab />}
        {active === "remediation-sla" && <RemediationSlaTab tenants={slaTenants} />}
        {active === "intel" && <ThreatIntelTab />}
        {active === "modules" && modules}
      </div>
    </div>
  );
}
