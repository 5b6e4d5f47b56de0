import type { SurfaceImportReport } from "@watchfloor/shared";
import { queryClient } from "@/lib/query-client";
import { uploadFile } from "@/lib/upload-file";
import { attackSurfaceKey } from "./get-attack-surface";

/** Sends the nmap XML file as the raw request body, with upload progress; the surface reloads after. */
export async function uploadNmapScan(
  file: File,
  tenantId: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<SurfaceImportReport> {
  const report = await uploadFile<SurfaceImportReport>(
    "/imports/nmap",
    file,
    { tenantId, filename: file.name },
    onProgress,
    signal,
  );
  await queryClient.invalidateQueries({ queryKey: attackSurfaceKey });
  return report;
}
