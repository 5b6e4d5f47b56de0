import type { AssetDetail } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const assetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["assets", "detail", id],
    queryFn: ({ signal }) => api.get<AssetDetail>(`/assets/${encodeURIComponent(id)}`, undefined, signal),
  });

/** The asset page's fields and finding counts; its finding rows come from the list (assetId filter). */
export function useAsset(id: string) {
  return useQuery(assetQueryOptions(id));
}
