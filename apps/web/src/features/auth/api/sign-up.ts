import type { CurrentUser, SignUpBody } from "@watchfloor/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshSession } from "@/lib/session";

export function signUp(body: SignUpBody): Promise<CurrentUser> {
  return api.post<CurrentUser>("/auth/sign-up", body);
}

export function useSignUp() {
  return useMutation({
    mutationFn: async (body: SignUpBody) => {
      const user = await signUp(body);
      await refreshSession();
      return user;
    },
  });
}
