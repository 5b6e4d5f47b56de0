import { grantableRoles, type Member, type Role, roles, type Tenant } from "@watchfloor/shared";
import { Lock } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TenantSelectField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { useChangeRole, useMembers, useRemoveMember, useResetSecondFactors, useSecurityPolicy } from "../api/members";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { TableScroll } from "@/components/ui/table-scroll";

export function MembersTab({ tenants }: { tenants: Tenant[] }) {
  const selected = useSelectedTenantId();
  const [tenantId, setTenantId] = useState(() => tenants.find((t) => t.id === selected)?.id ?? tenants[0]?.id ?? "");
  const tenant = tenants.find((t) => t.id === tenantId);
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <TenantSelectField label="Tenant" value={tenantId} onChange={(e) => setTenantId(e.target.value)} tenants={tenants} />
      </div>
      {tenant && <MembersTable key={tenant.id} tenant={tenant} />}
    </div>
  );
}

function MembersTable({ tenant }: { tenant: Tenant }) {
  const me = useCurrentUser();
  const members = useMembers(tenant.id);
  const changeRole = useChangeRole(tenant.id);
  const remove = useRemoveMember(tenant.id);
  const resetFactors = useResetSecondFactors(tenant.id);
  const policy = useSecurityPolicy(tenant.id);
  const grantable = grantableRoles(tenant.role);
  const mutationError = changeRole.error ?? remove.error ?? resetFactors.error ?? policy.error;

  if (members.isPending) return <LoadingState label="Loading members" />;
  if (members.isError) return <ErrorState error={members.error} onRetry={() => members.refetch()} />;
  if (members.data.length === 0) return <EmptyState title="No members">Invite someone from the Invitations tab.</EmptyState>;

  const locked = (m: Member) => m.lockedUntil !== null && new Date(m.lockedUntil).getTime() > Date.now();
  return (
    <Card>
      {mutationError && <Notice tone="error">{errorMessage(mutationError)}</Notice>}
      {tenant.role === "owner" && (
        <label className="mb-4 flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={tenant.requireSecondFactor}
            disabled={policy.isPending}
            onChange={(e) => policy.mutate(e.target.checked)}
            className="size-4"
          />
          Require a second factor for every member of {tenant.name}
        </label>
      )}
      <TableScroll label={`Members of ${tenant.name}`}>
        <table className="w-full min-w-[640px] text-sm">
          <caption className="sr-only">Members of {tenant.name}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400">
              <th scope="col" className="px-5 py-2 font-semibold">
                Member
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Role
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                2FA
              </th>
              <th scope="col" className="px-5 py-2 text-right font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((m) => {
              const self = m.userId === me.id;
              // Nobody edits a member who outranks what they may grant (an admin cannot touch an owner).
              const editable = !self && grantable.includes(m.role);
              return (
                <tr
                  key={m.userId}
                  data-testid="member-row"
                  className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                >
                  <td className="px-5 py-3">
                    <p className="font-medium text-slate-900 dark:text-white">
                      {m.displayName}{" "}
                      {self && <span className="text-xs font-normal text-slate-600 dark:text-slate-400">(you)</span>}
                    </p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {m.email}
                      {m.jobTitle ? ` · ${m.jobTitle}` : ""}
                    </p>
                  </td>
                  <td className="px-3 py-3">
                    <label className="sr-only" htmlFor={`role-${m.userId}`}>
                      Role of {m.displayName}
                    </label>
                    <select
                      id={`role-${m.userId}`}
                      value={m.role}
                      disabled={!editable || changeRole.isPending}
                      onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as Role })}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm capitalize disabled:opacity-70 dark:border-slate-600 dark:bg-slate-900"
                    >
                      {roles.map((r) => (
                        <option key={r} value={r} disabled={!grantable.includes(r)}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="px-3 py-3">
                    {locked(m) && m.lockedUntil ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                        <Lock aria-hidden className="size-3" /> Locked until {formatDateTime(m.lockedUntil, me.preferences)}
                      </span>
                    ) : (
                      <span className="text-xs text-slate-600 dark:text-slate-400">Active</span>
                    )}
                  </td>
                  <td className="px-3 py-3 text-xs text-slate-700 dark:text-slate-300">{m.secondFactor ? "On" : "Off"}</td>
                  <td className="px-5 py-3">
                    <div className="flex justify-end gap-1">
                      {editable && <ResetPasswordDialog member={m} />}
                      {editable && m.secondFactor && (
                        <ConfirmDialog
                          title={`Reset the second factor of ${m.displayName}?`}
                          description="Their authenticator apps, passkeys and recovery codes are removed and their sessions end. Do this when they have lost their phone or key; they enrol again at their next sign-in."
                          confirmLabel="Reset second factor"
                          onConfirm={() => resetFactors.mutate(m.userId)}
                          trigger={
                            <Button variant="ghost" size="sm">
                              Reset 2FA
                            </Button>
                          }
                        />
                      )}
                      {editable && (
                        <ConfirmDialog
                          title={`Remove ${m.displayName}?`}
                          description={`They lose access to ${tenant.name} at once. Their account and other tenants stay.`}
                          confirmLabel="Remove"
                          onConfirm={() => remove.mutate(m.userId)}
                          trigger={
                            <Button variant="dangerGhost" size="sm">
                              Remove
                            </Button>
                          }
                        />
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}
