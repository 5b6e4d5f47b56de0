import type {
  CtemNucleiReport,
  CtemScope,
  CtemScopeCreate,
  CtemScopeDetail,
  CtemTask,
  CtemTaskCreate,
  CtemValidate,
} from "@watchfloor/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { uploadFile } from "@/lib/upload-file";

export const ctemKey = ["ctem"] as const;
const scopePath = (id: string) => `/ctem/scopes/${encodeURIComponent(id)}`;

/** CTEM scopes of the tenants in scope that have the module, worst score first. */
export function useScopes() {
  const tenantId = useSelectedTenantId();
  return useQuery({
    queryKey: [...ctemKey, "scopes", tenantId],
    queryFn: ({ signal }) => api.get<{ items: CtemScope[] }>("/ctem/scopes", undefined, signal),
  });
}

export function useScope(id: string | null) {
  return useQuery({
    queryKey: [...ctemKey, "scope", id],
    queryFn: ({ signal }) => api.get<CtemScopeDetail>(scopePath(id ?? ""), undefined, signal),
    enabled: id !== null,
  });
}

export function useCreateScope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CtemScopeCreate) => api.post<CtemScopeDetail>("/ctem/scopes", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ctemKey }),
  });
}

export function useValidateExposure(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CtemValidate) => api.post<CtemScopeDetail>(`${scopePath(scopeId)}/validations`, body),
    onSuccess: (detail) => {
      queryClient.setQueryData([...ctemKey, "scope", scopeId], detail);
      return queryClient.invalidateQueries({ queryKey: [...ctemKey, "scopes"] });
    },
  });
}

export function useCreateTask(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CtemTaskCreate) => api.post<CtemTask>(`${scopePath(scopeId)}/tasks`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ctemKey }),
  });
}

/** Nuclei results (JSON lines or array) as the raw body: matches confirm the scope's exposures. */
export function useImportNuclei(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<CtemNucleiReport>(`${scopePath(scopeId)}/validations/nuclei`, file, { filename: file.name }, () => {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ctemKey }),
  });
}
