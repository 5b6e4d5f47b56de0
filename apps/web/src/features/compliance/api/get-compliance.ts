import type {
  complianceFrameworkScoresSchema,
  complianceRequirementScoresSchema,
  ComplianceControl,
  ComplianceDrift,
  ComplianceFramework,
  ComplianceResultItem,
  ComplianceScan,
  ComplianceTarget,
  ComplianceTargetKind,
} from "@watchfloor/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/** Query strings of the compliance reads: empty values are left out. */
export function queryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export type Tally = { pass: number; fail: number; error: number; excepted: number; other: number; passRate: number | null };
export type FrameworkScores = z.output<typeof complianceFrameworkScoresSchema>;
export type FrameworkScore = FrameworkScores["items"][number];
export type RequirementScores = z.output<typeof complianceRequirementScoresSchema>;
export type RequirementScore = RequirementScores["items"][number];
export type FailingControl = {
  tool: string;
  controlId: string;
  title: string;
  severity: ComplianceResultItem["severity"];
  failing: number;
  excepted: number;
  targets: number;
};
export type BreakdownItem = Tally & { key: string | null; resources: number };
export type TrendPoint = { day: string; pass: number; fail: number; error: number; passRate: number | null; targets: number };

/** Every compliance read is keyed by the selected tenant, so switching tenants never shows stale figures. */
function useComplianceQuery<T>(key: unknown[], path: string, enabled = true) {
  const tenant = useSelectedTenantId();
  return useQuery({
    queryKey: ["compliance", tenant, ...key],
    queryFn: () => api.get<T>(path),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useFrameworkScores = (targetKind?: ComplianceTargetKind) =>
  useComplianceQuery<FrameworkScores>(["frameworks", targetKind], `/compliance/frameworks${queryString({ targetKind })}`);

export const useRequirementScores = (framework: ComplianceFramework | null, targetKind?: ComplianceTargetKind) =>
  useComplianceQuery<RequirementScores>(
    ["requirements", framework, targetKind],
    `/compliance/requirements${queryString({ framework, targetKind })}`,
    framework !== null,
  );

export const useFailingControls = (params: { targetKind?: ComplianceTargetKind; framework?: string; limit?: number }) =>
  useComplianceQuery<{ items: FailingControl[]; total: number }>(
    ["failing", params],
    `/compliance/failing${queryString(params)}`,
  );

export type TargetsParams = {
  targetKind?: ComplianceTargetKind;
  stale?: boolean;
  q?: string;
  sort?: string;
  limit?: number;
  offset?: number;
};
export const useTargets = (params: TargetsParams) =>
  useComplianceQuery<{ items: ComplianceTarget[]; total: number; stale: number }>(
    ["targets", params],
    `/compliance/targets${queryString(params)}`,
  );

export type ResultsParams = Record<string, string | number | boolean | undefined>;
export const resultsPath = (params: ResultsParams) => `/compliance/results${queryString(params)}`;
export const resultsExportPath = (params: ResultsParams) =>
  `/api/v1/compliance/results/export.csv${queryString({ ...params, limit: undefined, offset: undefined })}`;
export const useResults = (params: ResultsParams) =>
  useComplianceQuery<{ items: ComplianceResultItem[]; total: number }>(["results", params], resultsPath(params));

export const useControl = (tool: string, controlId: string) =>
  useComplianceQuery<ComplianceControl>(["control", tool, controlId], `/compliance/control${queryString({ tool, controlId })}`);

export const useBreakdown = (by: string, targetKind?: ComplianceTargetKind) =>
  useComplianceQuery<{ items: BreakdownItem[] }>(
    ["breakdown", by, targetKind],
    `/compliance/breakdown${queryString({ by, targetKind })}`,
  );

export const useTrend = (targetKind?: ComplianceTargetKind, days = 90) =>
  useComplianceQuery<{ points: TrendPoint[] }>(
    ["trend", targetKind, days],
    `/compliance/trend${queryString({ targetKind, days })}`,
  );

export const useScans = (params: { targetKind?: ComplianceTargetKind; targetId?: string; latest?: boolean; limit?: number }) =>
  useComplianceQuery<{ items: ComplianceScan[]; nextCursor: string | null }>(
    ["scans", params],
    `/compliance/scans${queryString(params)}`,
  );

export const useDrift = (scanId: string | null) =>
  useComplianceQuery<ComplianceDrift>(
    ["drift", scanId],
    `/compliance/scans/${encodeURIComponent(scanId ?? "")}/drift`,
    scanId !== null,
  );

export const evidencePackPath = (framework: ComplianceFramework) =>
  `/api/v1/compliance/evidence.csv${queryString({ framework })}`;

/** The PDF pack is made by the reports feature (its PDF kit), in the viewer's time zone. */
export const evidencePdfPath = (framework: ComplianceFramework) =>
  `/api/v1/reports/compliance-evidence.pdf${queryString({ framework, tz: Intl.DateTimeFormat().resolvedOptions().timeZone })}`;

export const targetsExportPath = (params: TargetsParams) =>
  `/api/v1/compliance/targets/export.csv${queryString({ ...params, limit: undefined, offset: undefined })}`;
export const failingExportPath = (params: { targetKind?: ComplianceTargetKind }) =>
  `/api/v1/compliance/failing/export.csv${queryString(params)}`;
