import { type WebhookKind, webhookKinds, type WebhookWithSecret } from "@watchfloor/shared";
import { KeyRound, Plus, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SecretBox } from "@/components/ui/copy-button";
import { SelectField, TenantSelectField, TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { useTenantsWith } from "@/lib/permissions";
import { useChangeWebhook, useCreateWebhook, useDeleteWebhook, useRotateSecret, useSendTest, useWebhooks } from "../api/webhooks";
import { DeliveriesTable } from "./deliveries-table";

const kindLabels: Record<WebhookKind, string> = {
  standard: "Standard Webhooks (signed JSON)",
  slack: "Slack incoming webhook",
  teams: "Microsoft Teams incoming webhook",
};

/** Webhooks of the tenants in scope, the one-time secret after creation or rotation, and the delivery log. */
export function WebhooksPage({ tenantName }: { tenantName: (id: string) => string }) {
  const hooks = useWebhooks();
  const change = useChangeWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const failure = change.error ?? remove.error ?? rotate.error ?? test.error;
  return (
    <div className="space-y-6">
      <Card
        title="Webhooks"
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" /> New webhook
          </Button>
        }
      >
        {secret && (
          <SecretBox
            value={secret.secret}
            label={`Signing secret of "${secret.name}"`}
            note="Shown once. Receivers verify the webhook-signature header with it (Standard Webhooks). After a rotation the previous secret also signs for 24 hours."
          />
        )}
        {failure && <Notice tone="error">{errorMessage(failure)}</Notice>}
        {test.data && (
          <Notice tone={test.data.status === "delivered" ? "success" : "error"}>
            Test{" "}
            {test.data.status === "delivered"
              ? `delivered: ${test.data.responseCode} in ${test.data.durationMs} ms`
              : `failed: ${test.data.error}`}
          </Notice>
        )}
        {hooks.isPending ? (
          <LoadingState label="Loading webhooks" />
        ) : hooks.isError ? (
          <ErrorState error={hooks.error} onRetry={() => hooks.refetch()} />
        ) : hooks.data.items.length === 0 ? (
          <EmptyState title="No webhooks yet">
            A webhook lets a rule tell another tool: a SOAR, a ticket system, a Slack or Teams channel.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {hooks.data.items.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 dark:text-slate-100">
                    {h.name} <Badge color="slate">{h.kind}</Badge>
                  </p>
                  <p className="break-all text-xs text-slate-600 dark:text-slate-400">
                    {h.url} · {tenantName(h.tenantId)} · secret …{h.secretHint}
                    {h.previousSecretUntil && " · previous secret still signs"}
                  </p>
                </div>
                <Switch
                  checked={h.enabled}
                  label={`${h.name} enabled`}
                  onChange={(enabled) => change.mutate({ webhookId: h.id, enabled })}
                />
                <Button
                  variant="secondary"
                  size="sm"
                  loading={test.isPending && test.variables === h.id}
                  onClick={() => test.mutate(h.id)}
                >
                  <Send aria-hidden className="size-4" /> Send test
                </Button>
                <Button variant="secondary" size="sm" onClick={() => rotate.mutate(h.id, { onSuccess: setSecret })}>
                  <KeyRound aria-hidden className="size-4" /> Rotate secret
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button variant="dangerGhost" size="sm" aria-label={`Delete ${h.name}`}>
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  }
                  title="Delete this webhook?"
                  description="Rules that call it will record a failed action. Its delivery log is deleted with it."
                  confirmLabel="Delete webhook"
                  onConfirm={() => remove.mutate(h.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Delivery log">
        <DeliveriesTable webhooks={hooks.data?.items ?? []} />
      </Card>
      <NewWebhookDialog open={creating} onOpenChange={setCreating} onCreated={setSecret} />
    </div>
  );
}

function NewWebhookDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCreated: (w: WebhookWithSecret) => void;
}) {
  const tenants = useTenantsWith("automation.manage");
  const create = useCreateWebhook();
  const [tenantId, setTenantId] = useState(tenants[0]?.id ?? "");
  const [name, setName] = useState("");
  const [kind, setKind] = useState<WebhookKind>("standard");
  const [url, setUrl] = useState("");
  const submit = () =>
    create.mutate(
      { tenantId, name, kind, url },
      {
        onSuccess: (created) => {
          onCreated(created);
          onOpenChange(false);
          setName("");
          setUrl("");
        },
      },
    );
  return (
    <FormDialog
      open={open}
      title="New webhook"
      description="Where rules send their events."
      onClose={() => onOpenChange(false)}
      onSubmit={submit}
      submitLabel="Create webhook"
      pending={create.isPending}
      error={create.error}
      testId="webhook-form"
    >
      {(errorOf) => (
        <>
          <TenantSelectField
            label="Tenant"
            value={tenantId}
            onChange={(e) => setTenantId(e.target.value)}
            error={errorOf("tenantId")}
            tenants={tenants}
          />
          <TextField
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            minLength={3}
            error={errorOf("name")}
          />
          <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as WebhookKind)} error={errorOf("kind")}>
            {webhookKinds.map((k) => (
              <option key={k} value={k}>
                {kindLabels[k]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="URL"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
            placeholder="https://soar.example.com/hooks/watchfloor"
            error={errorOf("url")}
          />
        </>
      )}
    </FormDialog>
  );
}
