import type { Role } from "@watchfloor/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export type Invitation = {
  id: string;
  email: string;
  tenantId: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
};
export type CreatedInvitation = Invitation & { token: string; signupPath: string };

export const invitationsQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: ["admin", "invitations", tenantId],
    queryFn: () => api.get<{ items: Invitation[] }>("/invitations").then((r) => r.items),
  });

export function useInvitations() {
  return useQuery(invitationsQueryOptions(useSelectedTenantId()));
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; tenantId: string; role: Role }) => api.post<CreatedInvitation>("/invitations", body),
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
