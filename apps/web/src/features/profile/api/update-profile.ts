import type { CurrentUser } from "@watchfloor/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { sessionQueryOptions } from "@/lib/session";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { displayName?: string; jobTitle?: string }) => api.patch<CurrentUser>("/auth/profile", body),
    onSuccess: (user) => {
      // The header reads the name and title from the session: update it in place.
      queryClient.setQueryData(sessionQueryOptions.queryKey, (old) => (old ? { ...old, user } : old));
    },
  });
}
