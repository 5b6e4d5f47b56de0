import type { AutomationRule, AutomationRuleBody, AutomationRuleList, AutomationRunList, DryRunResult } from "@watchfloor/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

const rulesKey = ["automation", "rules"] as const;
const id = (ruleId: string) => encodeURIComponent(ruleId);

export const useRules = () => {
  const tenant = useSelectedTenantId();
  return useQuery({ queryKey: [...rulesKey, tenant], queryFn: () => api.get<AutomationRuleList>("/automation/rules") });
};

export const useRule = (ruleId: string | undefined) =>
  useQuery({
    queryKey: [...rulesKey, "one", ruleId],
    queryFn: () => api.get<AutomationRule>(`/automation/rules/${id(ruleId ?? "")}`),
    enabled: Boolean(ruleId),
  });

export const useRuleRuns = (ruleId: string) =>
  useQuery({
    queryKey: [...rulesKey, "runs", ruleId],
    queryFn: () => api.get<AutomationRunList>(`/automation/rules/${id(ruleId)}/runs`, { limit: "100" }),
  });

/** Every rule write changes the list (order, counts, switches): the rule reads are refetched. */
function useRuleMutation<T, V>(fn: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKey }) });
}

export const useSaveRule = (ruleId?: string) =>
  useRuleMutation((body: AutomationRuleBody) =>
    ruleId
      ? api.put<AutomationRule>(`/automation/rules/${id(ruleId)}`, body)
      : api.post<AutomationRule>("/automation/rules", body),
  );

export const useSwitchRule = () =>
  useRuleMutation(({ ruleId, enabled }: { ruleId: string; enabled: boolean }) =>
    api.patch<AutomationRule>(`/automation/rules/${id(ruleId)}`, { enabled }),
  );

export const useDeleteRule = () => useRuleMutation((ruleId: string) => api.delete<null>(`/automation/rules/${id(ruleId)}`));

export const useOrderRules = () =>
  useRuleMutation((ruleIds: string[]) => api.post<AutomationRuleList>("/automation/rules/order", { ruleIds }));

export const useDryRun = () =>
  useMutation({ mutationFn: (body: AutomationRuleBody) => api.post<DryRunResult>("/automation/rules/dry-run", body) });
