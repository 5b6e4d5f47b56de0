import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { env } from "@/config/env";

type Change = { tenantId: string; kind: "alert" | "incident"; ids: string[]; action: string };

/** Query keys refreshed by a change of each kind; an escalation touches both lists. */
const keysFor: Record<Change["kind"], string[][]> = {
  alert: [["alerts"], ["incidents"]],
  incident: [["incidents"], ["alerts"]],
};

/**
 * One server-sent events stream per tab (opened in the signed-in layout): every change to an
 * alert or incident of the tenants in scope invalidates the matching queries, so open lists and
 * detail pages refetch within a moment. Bursts (a bulk update) are coalesced into one refetch.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`${env.apiBase}/events`, { withCredentials: true });
    const pending = new Set<Change["kind"]>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const keys = new Set<string>();
      for (const kind of pending) for (const key of keysFor[kind]) keys.add(key[0] ?? "");
      pending.clear();
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: [key] });
    };
    const onChange = (event: MessageEvent<string>) => {
      try {
        const change = JSON.parse(event.data) as Change;
        pending.add(change.kind);
      } catch {
        return;
      }
      timer ??= setTimeout(flush, 250);
    };
    source.addEventListener("change", onChange);
    return () => {
      source.removeEventListener("change", onChange);
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
}
