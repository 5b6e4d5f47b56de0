import type { WatchedAsset, WatchedAssetAdded, WatchedAssetBody } from "@watchfloor/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

type Lookalikes = { watched: WatchedAsset; items: { domain: string; unicode: string; kinds: string[] }[] };

export const watchedQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: ["drp", "watched", tenantId],
    queryFn: async () => (await api.get<{ items: WatchedAsset[] }>("/drp/watched")).items,
  });

export const useWatchedAssets = (enabled: boolean) => useQuery({ ...watchedQueryOptions(useSelectedTenantId()), enabled });

export const useLookalikes = (watchedId: string | null) =>
  useQuery({
    queryKey: ["drp", "lookalikes", watchedId],
    queryFn: () => api.get<Lookalikes>(`/drp/watched/${encodeURIComponent(watchedId ?? "")}/lookalikes`),
    enabled: watchedId !== null,
  });

export function useAddWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WatchedAssetBody) => api.post<WatchedAssetAdded>("/drp/watched", body),
    // The add runs a matching pass: its findings show in the list at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["drp"] }),
  });
}

export function useRemoveWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/drp/watched/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["drp", "watched"] }),
  });
}
