import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Building2, Check, ChevronDown, Layers } from "lucide-react";
import { useEffect } from "react";
import { cn } from "@/lib/cn";
import { useCurrentUser } from "@/lib/session";
import { hasStoredTenantChoice, setSelectedTenantId, useSelectedTenantId } from "@/lib/tenant-scope";
import { useTenants } from "../api/get-tenants";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 dark:text-slate-100 dark:data-[highlighted]:bg-slate-800";

/**
 * At most one tenant selected; picking the selected one again clears it (= all tenants).
 * The stored choice is checked against the tenants this person may see; on the very first
 * load (nothing stored) the preference's default tenant applies.
 */
export function TenantPicker() {
  const user = useCurrentUser();
  const tenants = useTenants();
  const selectedId = useSelectedTenantId();

  useEffect(() => {
    if (!tenants.data) return;
    const known = (id: string | null) => id !== null && tenants.data.some((t) => t.id === id);
    if (!hasStoredTenantChoice()) {
      const fallback = user.preferences.defaultTenantId;
      setSelectedTenantId(known(fallback) ? fallback : null);
    } else if (selectedId !== null && !known(selectedId)) {
      setSelectedTenantId(null);
    }
  }, [tenants.data, selectedId, user.preferences.defaultTenantId]);

  const selected = tenants.data?.find((t) => t.id === selectedId);
  const buttonLabel = selected?.name ?? "All tenants";

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="tenant-picker"
        className="inline-flex h-10 max-w-[11rem] items-center gap-2 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:max-w-[14rem] dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
      >
        <Building2 aria-hidden className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
        <span className="truncate">
          <span className="sr-only">Tenant: </span>
          {buttonLabel}
        </span>
        <ChevronDown aria-hidden className="size-4 shrink-0 text-slate-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-[min(70vh,420px)] w-64 animate-menu-in overflow-y-auto rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Tenant scope
          </DropdownMenu.Label>
          <DropdownMenu.CheckboxItem
            className={itemClass}
            checked={selectedId === null}
            onSelect={() => setSelectedTenantId(null)}
          >
            <Layers aria-hidden className="size-4 text-slate-500" />
            <span className="flex-1">All tenants</span>
            <DropdownMenu.ItemIndicator>
              <Check aria-hidden className="size-4 text-sky-600" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          {tenants.isPending && <p className="px-2.5 py-2 text-sm text-slate-600 dark:text-slate-400">Loading tenants…</p>}
          {tenants.isError && (
            <div className="px-2.5 py-2 text-sm text-red-700 dark:text-red-400">
              {tenants.error.message}{" "}
              <button type="button" className="underline" onClick={() => tenants.refetch()}>
                Retry
              </button>
            </div>
          )}
          {tenants.data?.length === 0 && (
            <p className="px-2.5 py-2 text-sm text-slate-600 dark:text-slate-400">You are not a member of any tenant yet.</p>
          )}
          {tenants.data?.map((tenant) => (
            <DropdownMenu.CheckboxItem
              key={tenant.id}
              data-testid="tenant-option"
              className={itemClass}
              checked={tenant.id === selectedId}
              onSelect={() => setSelectedTenantId(tenant.id === selectedId ? null : tenant.id)}
            >
              <span
                aria-hidden
                className={cn(
                  "flex size-6 items-center justify-center rounded bg-slate-200 text-[11px] font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200",
                  tenant.id === selectedId && "bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100",
                )}
              >
                {tenant.name.slice(0, 1).toUpperCase()}
                {tenant.name.split(" ")[1]?.slice(0, 1).toUpperCase()}
              </span>
              <span className="flex-1 truncate">{tenant.name}</span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden className="size-4 text-sky-600" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
