import type {
  VmAcceptance,
  VmAcceptanceCreate,
  VmCampaign,
  VmCampaignCreate,
  VmCampaignDetail,
  VmFixGroup,
  VmOverview,
  VmTicket,
} from "@watchfloor/shared";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export const vmKey = ["vm"] as const;

export const vmOverviewQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: [...vmKey, "overview", tenantId],
    queryFn: ({ signal }) => api.get<VmOverview>("/vm/overview", undefined, signal),
  });

/** The programme figures of the tenants in scope that have VM. */
export const useVmOverview = () => useQuery(vmOverviewQueryOptions(useSelectedTenantId()));

/** Fix groups, most risk removed first; `q` narrows by the fix's text. */
export function useFixGroups(q: string) {
  const tenantId = useSelectedTenantId();
  return useQuery({
    queryKey: [...vmKey, "fix-groups", tenantId, q],
    queryFn: ({ signal }) =>
      api.get<{ items: VmFixGroup[]; total: number }>("/vm/fix-groups", { q: q || undefined, limit: "50" }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCampaigns() {
  const tenantId = useSelectedTenantId();
  return useQuery({
    queryKey: [...vmKey, "campaigns", tenantId],
    queryFn: ({ signal }) => api.get<{ items: VmCampaign[] }>("/vm/campaigns", undefined, signal),
  });
}

export function useCampaign(id: string | null) {
  return useQuery({
    queryKey: [...vmKey, "campaign", id],
    queryFn: ({ signal }) => api.get<VmCampaignDetail>(`/vm/campaigns/${encodeURIComponent(id ?? "")}`, undefined, signal),
    enabled: id !== null,
  });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VmCampaignCreate) => api.post<VmCampaignDetail>("/vm/campaigns", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vmKey }),
  });
}

/** The webhook payload of a campaign (JSON, with links back), for copying into a ticketing system. */
export function useCampaignTicket(id: string) {
  return useQuery({
    queryKey: [...vmKey, "ticket", id],
    queryFn: ({ signal }) => api.get<VmTicket>(`/vm/campaigns/${encodeURIComponent(id)}/ticket`, undefined, signal),
  });
}

export function useAcceptances() {
  const tenantId = useSelectedTenantId();
  return useQuery({
    queryKey: [...vmKey, "acceptances", tenantId],
    queryFn: ({ signal }) => api.get<{ items: VmAcceptance[] }>("/vm/acceptances", undefined, signal),
  });
}

export function useAcceptRisk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VmAcceptanceCreate) => api.post<VmAcceptance>("/vm/acceptances", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vmKey }),
  });
}
