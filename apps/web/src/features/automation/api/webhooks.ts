import type {
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookKind,
  WebhookList,
  WebhookWithSecret,
} from "@watchfloor/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

const key = ["automation", "webhooks"] as const;
const id = (webhookId: string) => encodeURIComponent(webhookId);

export const useWebhooks = (enabled = true) => {
  const tenant = useSelectedTenantId();
  return useQuery({ queryKey: [...key, tenant], queryFn: () => api.get<WebhookList>("/automation/webhooks"), enabled });
};

export const useDeliveries = (filter: { webhookId?: string; status?: string }) => {
  const tenant = useSelectedTenantId();
  const query: Record<string, string> = { limit: "100" };
  if (filter.webhookId) query.webhookId = filter.webhookId;
  if (filter.status) query.status = filter.status;
  return useQuery({
    queryKey: [...key, tenant, "deliveries", filter],
    queryFn: () => api.get<WebhookDeliveryList>("/automation/deliveries", query),
  });
};

function useHookMutation<T, V>(fn: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useCreateWebhook = () =>
  useHookMutation((body: { tenantId: string; name: string; kind: WebhookKind; url: string }) =>
    api.post<WebhookWithSecret>("/automation/webhooks", body),
  );
export const useChangeWebhook = () =>
  useHookMutation(({ webhookId, ...body }: { webhookId: string; enabled?: boolean; name?: string; url?: string }) =>
    api.patch<Webhook>(`/automation/webhooks/${id(webhookId)}`, body),
  );
export const useDeleteWebhook = () =>
  useHookMutation((webhookId: string) => api.delete<null>(`/automation/webhooks/${id(webhookId)}`));
export const useRotateSecret = () =>
  useHookMutation((webhookId: string) => api.post<WebhookWithSecret>(`/automation/webhooks/${id(webhookId)}/rotate`));
export const useSendTest = () =>
  useHookMutation((webhookId: string) => api.post<WebhookDelivery>(`/automation/webhooks/${id(webhookId)}/test`));
export const useReplay = () =>
  useHookMutation((deliveryId: string) =>
    api.post<WebhookDelivery>(`/automation/deliveries/${encodeURIComponent(deliveryId)}/replay`),
  );
