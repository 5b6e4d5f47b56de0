import type { CurrentUser, SignInBody } from "@watchfloor/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshSession } from "@/lib/session";

export function signIn(body: SignInBody): Promise<CurrentUser> {
  return api.post<CurrentUser>("/auth/sign-in", body);
}

export function useSignIn() {
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      const user = await signIn(body);
      await refreshSession(); // new session, new CSRF token
      return user;
    },
  });
}
