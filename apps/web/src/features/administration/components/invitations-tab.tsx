import { grantableRoles, invitationCreateBodySchema, type Role, type Tenant } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SecretBox } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { useCreateInvitation, useInvitations, useRevokeInvitation } from "../api/invitations";

type Errors = { email?: string; tenantId?: string; role?: string; form?: string };

export function InvitationsTab({ tenants, allTenants }: { tenants: Tenant[]; allTenants: Tenant[] }) {
  const me = useCurrentUser();
  const create = useCreateInvitation();
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [email, setEmail] = useState("");
  const [tenantId, setTenantId] = useState(tenants[0]?.id ?? "");
  const [role, setRole] = useState<Role>("analyst");
  const [errors, setErrors] = useState<Errors>({});
  const [link, setLink] = useState<string | null>(null);
  const tenantRole = tenants.find((t) => t.id === tenantId)?.role ?? "viewer";
  const grantable = grantableRoles(tenantRole);
  const tenantName = (id: string) => allTenants.find((t) => t.id === id)?.name ?? id;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setLink(null);
    const parsed = invitationCreateBodySchema.safeParse({ email, tenantId, role });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(parsed.data);
      setLink(`${window.location.origin}${created.signupPath}`);
      setEmail("");
    } catch (error) {
      setErrors(error instanceof ApiRequestError && error.details.length ? error.fieldErrors() : { form: errorMessage(error) });
    }
  }

  const pending = invitations.data?.filter((i) => !i.acceptedAt) ?? [];
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,380px)_1fr]">
      <Card title="Invite someone">
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {errors.form && <Notice tone="error">{errors.form}</Notice>}
          <TextField
            label="E-mail"
            type="email"
            name="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <SelectField
            label="Tenant"
            name="tenantId"
            value={tenantId}
            onChange={(e) => setTenantId(e.target.value)}
            error={errors.tenantId}
          >
            {tenants.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Role"
            name="role"
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            error={errors.role}
          >
            {grantable.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </SelectField>
          <Button type="submit" loading={create.isPending}>
            Create invitation
          </Button>
          {link && (
            <SecretBox
              label="Invitation link"
              value={link}
              note="Shown once: send it to the person. It works only for their e-mail address and expires; revoke it below if needed."
            />
          )}
        </form>
      </Card>
      <Card title="Pending invitations">
        {revoke.isError && <Notice tone="error">{errorMessage(revoke.error)}</Notice>}
        {invitations.isPending ? (
          <LoadingState label="Loading invitations" />
        ) : invitations.isError ? (
          <ErrorState error={invitations.error} onRetry={() => invitations.refetch()} />
        ) : pending.length === 0 ? (
          <EmptyState title="No pending invitations">Invitations you create appear here until they are accepted.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {pending.map((inv) => (
              <li key={inv.id} data-testid="invitation-row" className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{inv.email}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {tenantName(inv.tenantId)} · <span className="capitalize">{inv.role}</span> · expires{" "}
                    {formatDateTime(inv.expiresAt, me.preferences)}
                  </p>
                </div>
                <ConfirmDialog
                  title="Revoke invitation?"
                  description={`The link sent to ${inv.email} stops working.`}
                  confirmLabel="Revoke"
                  onConfirm={() => revoke.mutate(inv.id)}
                  trigger={
                    <Button variant="dangerGhost" size="sm">
                      Revoke
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
