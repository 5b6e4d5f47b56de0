import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SavedView, SavedViewBody, SavedViewList } from "@watchfloor/shared";
import { api } from "@/lib/api-client";

export const savedViewsQueryOptions = queryOptions({
  queryKey: ["saved-views"],
  queryFn: () => api.get<SavedViewList>("/saved-views").then((r) => r.items),
});

export function useSavedViews() {
  return useQuery(savedViewsQueryOptions);
}

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedViewBody) => api.post<SavedView>("/saved-views", body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["saved-views"] }),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/saved-views/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["saved-views"] }),
  });
}
