import type { CatalogueImport, CatalogueSummary } from "@watchfloor/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "@/lib/api-client";

export type CatalogueDomain = CatalogueSummary["domains"][number];

export const catalogueQueryOptions = queryOptions({
  queryKey: ["admin", "attack-catalogue"],
  queryFn: () => api.get<CatalogueSummary>("/attack/catalogue"),
});

export const useCatalogue = () => useQuery(catalogueQueryOptions);

/** Sends the bundle file as it is: the server parses the STIX JSON (tens of MB for Enterprise). */
export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      apiRequest<CatalogueImport>("/attack/import", { method: "POST", rawBody: await file.text() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueQueryOptions.queryKey }),
  });
}
