import type { CurrentUser, SessionResponse } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, setCsrfToken } from "./api-client";
import { queryClient } from "./query-client";

/** The session is read first and shared by everything: user, CSRF token, SSO and sign-up state. */
export const sessionQueryOptions = queryOptions({
  queryKey: ["session"],
  queryFn: async () => {
    const session = await api.get<SessionResponse>("/auth/session");
    setCsrfToken(session.csrfToken);
    return session;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSession(): SessionResponse | undefined {
  return useQuery(sessionQueryOptions).data;
}

/** For components under the signed-in layout, whose loader guarantees a user. */
export function useCurrentUser(): CurrentUser {
  const user = useSession()?.user;
  if (!user) throw new Error("useCurrentUser used outside the signed-in layout");
  return user;
}

/** After sign-in, sign-up and sign-out the server rotates the CSRF token: drop everything and reread. */
export async function refreshSession(): Promise<SessionResponse> {
  queryClient.clear();
  return queryClient.fetchQuery(sessionQueryOptions);
}

export function ensureSession(): Promise<SessionResponse> {
  return queryClient.ensureQueryData(sessionQueryOptions);
}
