import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { FilterActions } from "@/components/triage/filter-form";
import { SelectField, TextField } from "@/components/ui/field";
import { FilterChips } from "@/components/ui/filter-chips";
import { ListToolbar, ToolbarSort } from "@/components/ui/list-toolbar";
import { filterChips, type SurfaceFilters, sortLabels, surfaceSorts, withFilters } from "../lib/surface-params";

const expiryChoices = [
  { value: "", label: "Any" },
  { value: "-1", label: "Expired" },
  { value: "7", label: "Expiring within 7 days" },
  { value: "30", label: "Expiring within 30 days" },
  { value: "90", label: "Expiring within 90 days" },
];

/** The filter form: edits a copy, applied in one go (one URL change, one request). */
function FilterForm({ filters, onApply }: { filters: SurfaceFilters; onApply: (patch: Partial<SurfaceFilters>) => void }) {
  const [newOnly, setNewOnly] = useState(filters.newOnly);
  const [expiry, setExpiry] = useState(filters.expiringDays === undefined ? "" : String(filters.expiringDays));
  const [port, setPort] = useState(filters.port === undefined ? "" : String(filters.port));
  const [service, setService] = useState(filters.service ?? "");
  const [scope, setScope] = useState(filters.scope);
  const portNumber = Number(port);
  const portError =
    port !== "" && !(Number.isInteger(portNumber) && portNumber >= 0 && portNumber <= 65535)
      ? "A port is a whole number from 0 to 65535."
      : undefined;

  function apply(event: FormEvent) {
    event.preventDefault();
    if (portError) return;
    onApply({
      newOnly,
      expiringDays: expiry === "" ? undefined : Number(expiry),
      port: port === "" ? undefined : portNumber,
      service: service.trim() || undefined,
      scope,
    });
  }
  function clear() {
    onApply({ newOnly: false, expiringDays: undefined, port: undefined, service: undefined, scope: "all" });
  }
  return (
    <form onSubmit={apply} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SelectField label="Certificate" value={expiry} onChange={(e) => setExpiry(e.target.value)}>
        {expiryChoices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Port"
        inputMode="numeric"
        value={port}
        onChange={(e) => setPort(e.target.value)}
        error={portError}
        placeholder="e.g. 443"
      />
      <TextField
        label="Service or product"
        value={service}
        onChange={(e) => setService(e.target.value)}
        placeholder="e.g. ssh, nginx"
      />
      <SelectField label="Assets" value={scope} onChange={(e) => setScope(e.target.value as SurfaceFilters["scope"])}>
        <option value="all">Everything scanned</option>
        <option value="internet">Internet-facing only</option>
      </SelectField>
      <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2 dark:text-slate-200">
        <input
          type="checkbox"
          className="size-4 accent-sky-700"
          checked={newOnly}
          onChange={(e) => setNewOnly(e.target.checked)}
        />
        Only ports new since the previous scan
      </label>
      <FilterActions onReset={clear} clearLabel="Clear filters" className="sm:col-span-2" />
    </form>
  );
}

/** Search, filters (inline from md up, a sheet below), sort, and the active filters as removable chips. */
export function SurfaceToolbar({ filters }: { filters: SurfaceFilters }) {
  const [params, setParams] = useSearchParams();
  const change = (patch: Partial<SurfaceFilters>) => setParams(withFilters(params, patch));
  const chips = filterChips(filters);
  const clearOne: Record<string, Partial<SurfaceFilters>> = {
    newOnly: { newOnly: false },
    expiringDays: { expiringDays: undefined },
    port: { port: undefined },
    service: { service: undefined },
    q: { q: undefined },
    scope: { scope: "all" },
  };
  return (
    <div className="space-y-2">
      <ListToolbar
        searchId="surface-search"
        searchLabel="Search the attack surface"
        placeholder="Asset, domain, address, product, certificate…"
        q={filters.q ?? ""}
        onSearch={(q) => change({ q: q || undefined })}
        filterCount={chips.filter((c) => c.id !== "q").length}
        panel={(close) => (
          <FilterForm
            key={params.toString()}
            filters={filters}
            onApply={(patch) => {
              change(patch);
              close();
            }}
          />
        )}
      >
        <ToolbarSort
          id="surface-sort"
          value={filters.sort}
          options={surfaceSorts}
          labels={sortLabels}
          onChange={(sort) => change({ sort, offset: 0 })}
        />
      </ListToolbar>
      <FilterChips chips={chips.map((c) => ({ id: c.id, label: c.label, onRemove: () => change(clearOne[c.id] ?? {}) }))} />
    </div>
  );
}
