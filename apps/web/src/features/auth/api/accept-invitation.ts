import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshSession } from "@/lib/session";

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (token: string) => {
      await api.post("/invitations/accept", { token });
      await refreshSession(); // memberships changed
    },
  });
}
