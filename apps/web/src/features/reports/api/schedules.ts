import type { ReportSchedule, ReportScheduleBodyInput, ReportScheduleList } from "@watchfloor/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const schedulesKey = ["reports", "schedules"] as const;

/** Schedules the person may read, with their latest runs; refreshed each minute while shown. */
export function useSchedules() {
  return useQuery({
    queryKey: schedulesKey,
    queryFn: ({ signal }) => api.get<ReportScheduleList>("/reports/schedules", undefined, signal),
    refetchInterval: 60_000,
  });
}

export function useCreateSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportScheduleBodyInput) => api.post<ReportSchedule>("/reports/schedules", body),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulesKey }),
  });
}

export function useSwitchSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      api.patch<ReportSchedule>(`/reports/schedules/${encodeURIComponent(id)}`, { enabled }),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulesKey }),
  });
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/reports/schedules/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulesKey }),
  });
}
