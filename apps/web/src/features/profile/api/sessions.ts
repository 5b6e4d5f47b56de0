import type { RevokedCount, SessionList } from "@watchfloor/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const sessionsQueryOptions = queryOptions({
  queryKey: ["sessions"],
  queryFn: () => api.get<SessionList>("/auth/sessions").then((r) => r.items),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["sessions"] }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RevokedCount>("/auth/sessions/revoke-others"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["sessions"] }),
  });
}
