import type { Role } from "@watchfloor/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { tenantMembersQueryKey, tenantMembersQueryOptions } from "@/lib/tenant-members";

const enc = encodeURIComponent;

/**
 * The members tab always asks again when it opens (the pickers keep theirs for five minutes);
 * it is the list the assignee pickers read, so a change here refreshes them too.
 */
export function useMembers(tenantId: string | null) {
  return useQuery({ ...tenantMembersQueryOptions(tenantId ?? ""), staleTime: 0, enabled: Boolean(tenantId) });
}

export function useChangeRole(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      api.patch(`/tenants/${enc(tenantId)}/members/${enc(userId)}`, { role }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantMembersQueryKey(tenantId) }),
  });
}

export function useRemoveMember(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`/tenants/${enc(tenantId)}/members/${enc(userId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantMembersQueryKey(tenantId) }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ userId, newPassword }: { userId: string; newPassword: string }) =>
      api.post(`/users/${enc(userId)}/password`, { newPassword }),
  });
}

/** Removes a member's second factors (a lost phone or key); the server checks authority over the whole account. */
export function useResetSecondFactors(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`/users/${enc(userId)}/second-factors`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantMembersQueryKey(tenantId) }),
  });
}

/** The owner's "require a second factor" switch; the tenant list carries the current value. */
export function useSecurityPolicy(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireSecondFactor: boolean) => api.put(`/tenants/${enc(tenantId)}/security-policy`, { requireSecondFactor }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
