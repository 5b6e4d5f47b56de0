import type {
  DetectionMatchList,
  DetectionRuleDetail,
  DetectionRuleList,
  DetectionStats,
  LogsourceMap,
  LogsourceMapEntry,
} from "@watchfloor/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export const detectionsKey = ["detections"] as const;

/** The Sigma rules of the tenants in scope, with their match counts. */
export function useDetectionRules() {
  const tenant = useSelectedTenantId();
  return useQuery({
    queryKey: [...detectionsKey, "rules", tenant],
    queryFn: ({ signal }) => api.get<DetectionRuleList>("/detections/rules", undefined, signal),
  });
}

export function useDetectionStats() {
  const tenant = useSelectedTenantId();
  return useQuery({
    queryKey: [...detectionsKey, "stats", tenant],
    queryFn: ({ signal }) => api.get<DetectionStats>("/detections/stats", undefined, signal),
  });
}

export function useDetectionRule(id: string) {
  return useQuery({
    queryKey: [...detectionsKey, "rule", id],
    queryFn: ({ signal }) => api.get<DetectionRuleDetail>(`/detections/rules/${encodeURIComponent(id)}`, undefined, signal),
  });
}

export function useRuleMatches(id: string) {
  return useQuery({
    queryKey: [...detectionsKey, "rule", id, "matches"],
    queryFn: ({ signal }) =>
      api.get<DetectionMatchList>(`/detections/rules/${encodeURIComponent(id)}/matches`, undefined, signal),
  });
}

export function useLogsourceMap(tenantId: string | null) {
  return useQuery({
    queryKey: [...detectionsKey, "logsources", tenantId],
    queryFn: ({ signal }) => api.get<LogsourceMap>("/detections/logsources", { tenantId: tenantId ?? undefined }, signal),
    enabled: tenantId !== null,
  });
}

/** Every change to rules or the map refetches every detection read. */
function useDetectionsMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: detectionsKey }) });
}

export const useSetRuleEnabled = () =>
  useDetectionsMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    api.put<DetectionRuleDetail>(`/detections/rules/${encodeURIComponent(id)}/enabled`, { enabled }),
  );

export const useSetAllRulesEnabled = () =>
  useDetectionsMutation(({ tenantId, enabled }: { tenantId: string; enabled: boolean }) =>
    api.post<{ changed: number }>("/detections/rules/enabled", { tenantId, enabled }),
  );

export const useSaveLogsourceMap = () =>
  useDetectionsMutation(({ tenantId, entries }: { tenantId: string; entries: LogsourceMapEntry[] | null }) =>
    api.put<LogsourceMap>(`/detections/logsources?tenantId=${encodeURIComponent(tenantId)}`, { entries }),
  );
