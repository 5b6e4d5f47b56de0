import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SavedView, SavedViewBody, SavedViewList, SavedViewListName } from "@watchfloor/shared";
import { api } from "@/lib/api-client";

/** One list's saved views (the alert list's, the incident list's). */
export const savedViewsQueryOptions = (list: SavedViewListName) =>
  queryOptions({
    queryKey: ["saved-views", list],
    queryFn: () => api.get<SavedViewList>("/saved-views", { list }).then((r) => r.items),
  });

export function useSavedViews(list: SavedViewListName) {
  return useQuery(savedViewsQueryOptions(list));
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
