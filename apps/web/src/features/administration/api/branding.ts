import type { Branding } from "@watchfloor/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const brandingKey = ["admin", "branding"] as const;

export function useBranding() {
  return useQuery({ queryKey: brandingKey, queryFn: ({ signal }) => api.get<Branding>("/settings/branding", undefined, signal) });
}

export function useSetBranding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Branding) => api.put<Branding>("/settings/branding", body),
    onSuccess: (data) => client.setQueryData(brandingKey, data),
  });
}
