import type { LayerTechnique, NavigatorLayer, ParsedLayer } from "@watchfloor/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { AttackWindowQuery } from "./get-attack-matrix";

export type { LayerTechnique, ParsedLayer };

/**
 * The layer endpoint scopes by the `x-tenant-id` header, which a plain link cannot send: fetch it
 * through the API client and hand the browser a blob to save.
 */
export function useExportLayer() {
  return useMutation({
    mutationFn: async ({ query, fileName }: { query: AttackWindowQuery; fileName: string }) => {
      const layer = await apiRequest<NavigatorLayer>("/attack/layer", { query });
      const url = URL.createObjectURL(new Blob([JSON.stringify(layer, null, 2)], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoke later: some browsers start reading the blob after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

/** The server reads the layer (4.x, 3.0, 2.x) and answers 400 with the reason for a bad file. */
export function useParseLayer() {
  return useMutation({
    mutationFn: async (file: File) =>
      apiRequest<ParsedLayer>("/attack/layers/parse", { method: "POST", rawBody: await file.text() }),
  });
}
