import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api.post("/auth/password", body),
    // The server may end the other sessions on a password change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["sessions"] }),
  });
}
