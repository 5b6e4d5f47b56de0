import type { RowSelectionState } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { env } from "@/config/env";
import type { columnsStore } from "@/lib/columns-store";
import { useCurrentUser } from "@/lib/session";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/** The rows of every loaded page of a keyset (infinite) list query, in order. */
export function useListRows<Row>(data: { pages: { items: Row[] }[] } | undefined): Row[] {
  return useMemo(() => data?.pages.flatMap((p) => p.items) ?? [], [data]);
}

/** The tenants the person belongs to (the tenant filter's options) and a name for a tenant id (chips). */
export function useListTenants() {
  const user = useCurrentUser();
  const tenants = user.memberships.map((m) => ({ id: m.tenantId, name: m.tenantName }));
  const tenantName = (id: string) => tenants.find((t) => t.id === id)?.name ?? id;
  return { tenants, tenantName };
}

/** Selected row ids; a different list (filters, sort, view: another `query`) starts with nothing selected. */
export function useListSelection(query: unknown) {
  const key = JSON.stringify(query);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [selectionKey, setSelectionKey] = useState(key);
  if (selectionKey !== key) {
    setSelectionKey(key);
    setSelection({});
  }
  const selected = Object.keys(selection).filter((id) => selection[id]);
  return { selection, setSelection, selected, clear: () => setSelection({}) };
}

/**
 * The visible columns: from the URL (`cols`), else the person's last choice on this browser, else
 * the default. A change is stored and replaces the URL entry (choosing columns is not navigation).
 */
export function useListColumns(store: ReturnType<typeof columnsStore>) {
  const [params, setParams] = useSearchParams();
  const visible = useMemo(() => store.read(params.get("cols")), [store, params]);
  const onColumns = (cols: string[]) => {
    store.store(cols);
    const next = new URLSearchParams(params);
    next.set("cols", cols.join(","));
    setParams(next, { replace: true });
  };
  return { visible, onColumns };
}

/**
 * The CSV export link for the list's API query. Without a tenant filter the export covers the
 * tenant picked in the header, as the list does (the link is followed without the API client's header).
 */
export function useExportHref(path: string, query: Record<string, string>, hasTenantFilter: boolean): string {
  const selectedTenant = useSelectedTenantId();
  const params = new URLSearchParams(query);
  if (!hasTenantFilter && selectedTenant) params.set("tenant", selectedTenant);
  return `${env.apiBase}${path}?${params}`;
}
