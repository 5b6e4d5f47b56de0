import type { InvitationPreview } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type { InvitationPreview };

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["invitation", token],
    queryFn: () => api.get<InvitationPreview>("/auth/invitation", { token }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQueryOptions(token ?? ""), enabled: Boolean(token) });
}
