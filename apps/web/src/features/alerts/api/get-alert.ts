import type { AlertSummary, IncidentStatus, Priority } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TimelineEntry } from "@/components/ui/timeline";
import { api } from "@/lib/api-client";

/** Every field the detail endpoint returns (summary plus the rest). */
export type AlertDetail = AlertSummary & {
  type: string | null;
  description: string | null;
  services: string[];
  sourceTools: string[];
  sourceDetectionSource: string | null;
  resolutionType: string | null;
  rootCause: string | null;
  importedAckSlaStatus: string | null;
  importedRespSlaStatus: string | null;
  ticketId: string | null;
  closureNotes: string | null;
  detectionSla: string | null;
  notifySla: string | null;
  clientPlay: string | null;
  customerId: string | null;
  customerEnv: string | null;
  customerSource: string | null;
  deviceType: string | null;
  userId: string | null;
  userDepartment: string | null;
  userRiskScore: number | null;
  dstIp: string | null;
  escalatedToIncident: boolean;
  resolvedAutomatically: boolean | null;
  followUp: boolean | null;
  requiresFollowUp: boolean | null;
  confirmedIncident: boolean | null;
  avgResponseMin: number | null;
  avgClosureMin: number | null;
  avgUpdateTime: number | null;
  occurredAt: string | null;
  acknowledgedAt: string | null;
  assignedAt: string | null;
  respondedAt: string | null;
  resolvedAt: string | null;
  closedAt: string | null;
  escalatedAt: string | null;
  resolveDueAt: string | null;
  modifiedAt: string | null;
  clientUpdatedAt: string | null;
  createdAt: string;
  raw: unknown;
};

export type RelatedAlert = {
  id: string;
  name: string;
  priority: Priority;
  status: IncidentStatus;
  detectedAt: string;
  reason: string;
};

/** A technique id named by the alert, with its name when the ATT&CK catalogue has it. */
export type TechniqueInfo = {
  id: string;
  name: string | null;
  status: "current" | "revoked" | "deprecated" | "unknown";
  tactics: string[];
  url: string | null;
};

export type AlertDetailResponse = {
  alert: AlertDetail;
  allowedMoves: string[];
  techniques: TechniqueInfo[];
  timeline: TimelineEntry[];
  related: RelatedAlert[];
};

export const alertQueryKey = (id: string) => ["alerts", "detail", id] as const;

export const alertQueryOptions = (id: string) =>
  queryOptions({
    queryKey: alertQueryKey(id),
    queryFn: ({ signal }) => api.get<AlertDetailResponse>(`/alerts/${encodeURIComponent(id)}`, undefined, signal),
  });

export function useAlert(id: string) {
  return useQuery(alertQueryOptions(id));
}
