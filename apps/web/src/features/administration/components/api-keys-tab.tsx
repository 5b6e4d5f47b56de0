import type { Tenant } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { SecretBox } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TenantSelectField, TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api/api-keys";
import { TableScroll } from "@/components/ui/table-scroll";

export function ApiKeysTab({ tenants, allTenants }: { tenants: Tenant[]; allTenants: Tenant[] }) {
  const me = useCurrentUser();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [tenantId, setTenantId] = useState(tenants[0]?.id ?? "");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<{ name?: string; tenantId?: string; form?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const tenantName = (id: string) => allTenants.find((t) => t.id === id)?.name ?? id;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, me.preferences) : "never");

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSecret(null);
    if (!name.trim()) return setErrors({ name: "Name the key after what uses it, e.g. “SIEM forwarder”." });
    setErrors({});
    try {
      const created = await create.mutateAsync({ tenantId, name: name.trim() });
      setSecret(created.key);
      setName("");
    } catch (error) {
      setErrors(error instanceof ApiRequestError && error.details.length ? error.fieldErrors() : { form: errorMessage(error) });
    }
  }

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,380px)_1fr]">
      <Card title="Create an API key">
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {errors.form && <Notice tone="error">{errors.form}</Notice>}
          <TenantSelectField
            label="Tenant"
            value={tenantId}
            onChange={(e) => setTenantId(e.target.value)}
            error={errors.tenantId}
            tenants={tenants}
          />
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
          {secret && (
            <SecretBox
              label="New API key"
              value={secret}
              note="Shown once: store it in your integration's secret store now. Only its prefix is kept."
            />
          )}
        </form>
      </Card>
      <Card title="Keys">
        {revoke.isError && <Notice tone="error">{errorMessage(revoke.error)}</Notice>}
        {keys.isPending ? (
          <LoadingState label="Loading API keys" />
        ) : keys.isError ? (
          <ErrorState error={keys.error} onRetry={() => keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <EmptyState title="No API keys">Create one for each integration that sends data in or reads it out.</EmptyState>
        ) : (
          <TableScroll label="API keys">
            <table className="w-full min-w-[560px] text-sm">
              <caption className="sr-only">API keys</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400">
                  <th scope="col" className="px-5 py-2 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Prefix
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Created
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Last used
                  </th>
                  <th scope="col" className="px-5 py-2 text-right font-semibold">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.map((k) => (
                  <tr
                    key={k.id}
                    data-testid="api-key-row"
                    className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                  >
                    <td className="px-5 py-3">
                      <p className="font-medium text-slate-900 dark:text-white">{k.name}</p>
                      <p className="text-xs text-slate-600 dark:text-slate-400">{tenantName(k.tenantId)}</p>
                      <p className="text-xs text-slate-600 dark:text-slate-400">
                        Created by {k.createdByEmail ?? "a deleted account"}
                      </p>
                      {!k.creatorIsMember && !k.revokedAt && (
                        <Badge color="amber" className="mt-1">
                          Creator no longer a member
                        </Badge>
                      )}
                    </td>
                    <td className="px-3 py-3 font-mono text-xs">{k.prefix}…</td>
                    <td className="px-3 py-3 text-xs">{when(k.createdAt)}</td>
                    <td className="px-3 py-3 text-xs">{when(k.lastUsedAt)}</td>
                    <td className="px-5 py-3 text-right">
                      {k.revokedAt ? (
                        <span className="text-xs text-slate-600 dark:text-slate-400">Revoked {when(k.revokedAt)}</span>
                      ) : (
                        <ConfirmDialog
                          title={`Revoke “${k.name}”?`}
                          description="Integrations using this key stop working at once. This cannot be undone."
                          confirmLabel="Revoke key"
                          onConfirm={() => revoke.mutate(k.id)}
                          trigger={
                            <Button variant="dangerGhost" size="sm">
                              Revoke
                            </Button>
                          }
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
    </div>
  );
}
