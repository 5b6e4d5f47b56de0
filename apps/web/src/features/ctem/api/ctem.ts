import type {
  CtemNucleiReport,
  CtemScope,
  CtemScopeCreate,
  CtemScopeDetail,
  CtemScopeUpdate,
  CtemTask,
  CtemTaskCreate,
  CtemTaskUpdate,
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

export function useUpdateScope(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CtemScopeUpdate) => api.patch<CtemScopeDetail>(scopePath(scopeId), body),
    onSuccess: (detail) => {
      queryClient.setQueryData([...ctemKey, "scope", scopeId], detail);
      return queryClient.invalidateQueries({ queryKey: [...ctemKey, "scopes"] });
    },
  });
}

/** Deletes a scope with its tasks and score history. */
export function useDeleteScope(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>(scopePath(scopeId)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...ctemKey, "scope", scopeId] });
      return queryClient.invalidateQueries({ queryKey: [...ctemKey, "scopes"] });
    },
  });
}

const taskPath = (scopeId: string, taskId: string) => `${scopePath(scopeId)}/tasks/${encodeURIComponent(taskId)}`;

export function useUpdateTask(scopeId: string, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CtemTaskUpdate) => api.patch<CtemTask>(taskPath(scopeId, taskId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ctemKey, "scope", scopeId] }),
  });
}

/** Deletes a task and its finding links; the findings stay. */
export function useDeleteTask(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => api.delete<null>(taskPath(scopeId, taskId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ctemKey, "scope", scopeId] }),
  });
}
