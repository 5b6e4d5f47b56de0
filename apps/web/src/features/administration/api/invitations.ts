import type { CreatedInvitation, Invitation, InvitationCreateBody, InvitationList } from "@watchfloor/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export type { CreatedInvitation, Invitation };

export const invitationsQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: ["admin", "invitations", tenantId],
    queryFn: () => api.get<InvitationList>("/invitations").then((r) => r.items),
  });

export function useInvitations() {
  return useQuery(invitationsQueryOptions(useSelectedTenantId()));
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationCreateBody) => api.post<CreatedInvitation>("/invitations", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "invitations"] }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/invitations/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin", "invitations"] }),
  });
}
