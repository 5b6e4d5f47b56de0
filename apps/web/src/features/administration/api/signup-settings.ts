import type { SignupSettings } from "@watchfloor/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const signupSettingQueryOptions = queryOptions({
  queryKey: ["admin", "signup-setting"],
  queryFn: () => api.get<SignupSettings>("/settings/signup"),
});

export function useSignupSetting(enabled: boolean) {
  return useQuery({ ...signupSettingQueryOptions, enabled });
}

export function useSetSignupOpen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (open: boolean) => api.put<SignupSettings>("/settings/signup", { open }),
    onSuccess: (data) => {
      queryClient.setQueryData(signupSettingQueryOptions.queryKey, data);
      // The session's `signupOpen` drives the sign-up page for everyone else.
      return queryClient.invalidateQueries({ queryKey: ["session"] });
    },
  });
}
