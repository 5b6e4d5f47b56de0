import type { Preferences } from "@watchfloor/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { sessionQueryOptions } from "@/lib/session";

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Preferences) => api.put<Preferences>("/auth/preferences", body),
    onSuccess: (preferences) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, (old) =>
        old?.user ? { ...old, user: { ...old.user, preferences } } : old,
      );
    },
  });
}
