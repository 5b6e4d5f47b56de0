import type { CloudSecSummary } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { FilterActions } from "@/components/triage/filter-form";
import { SelectField } from "@/components/ui/field";
import { FilterChips } from "@/components/ui/filter-chips";
import { ListToolbar, ToolbarSort } from "@/components/ui/list-toolbar";
import { accountLabel, filterChips, type ResourceFilters, resourceSorts, sortLabels, withFilters } from "../lib/cloud-sec-params";

type Options = Pick<CloudSecSummary, "accounts" | "services" | "regions">;

/** The filter form: edits a copy, applied in one go (one URL change, one request). */
function FilterForm(props: { filters: ResourceFilters; options: Options; onApply: (patch: Partial<ResourceFilters>) => void }) {
  const { filters, options } = props;
  const [account, setAccount] = useState(filters.account ?? "");
  const [service, setService] = useState(filters.service ?? "");
  const [region, setRegion] = useState(filters.region ?? "");
  const [failing, setFailing] = useState(filters.failing);
  const accounts = [...new Map(options.accounts.map((a) => [a.accountId, a])).values()];

  function apply(event: FormEvent) {
    event.preventDefault();
    props.onApply({ account: account || undefined, service: service || undefined, region: region || undefined, failing });
  }
  return (
    <form onSubmit={apply} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Resource filters">
      <SelectField label="Account" value={account} onChange={(e) => setAccount(e.target.value)}>
        <option value="">Every account</option>
        {accounts.map((a) => (
          <option key={a.accountId} value={a.accountId}>
            {accountLabel(a)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Service" value={service} onChange={(e) => setService(e.target.value)}>
        <option value="">Every service</option>
        {options.services.flatMap((s) =>
          s.service ? [<option key={s.service} value={s.service}>{`${s.service} (${s.failing} failing)`}</option>] : [],
        )}
      </SelectField>
      <SelectField label="Region" value={region} onChange={(e) => setRegion(e.target.value)}>
        <option value="">Every region</option>
        {options.regions.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          className="size-4 accent-sky-700"
          checked={failing}
          onChange={(e) => setFailing(e.target.checked)}
        />
        Only resources with failing checks
      </label>
      <FilterActions
        onReset={() => props.onApply({ account: undefined, service: undefined, region: undefined, failing: false })}
        clearLabel="Clear filters"
        className="sm:col-span-2 lg:col-span-4"
      />
    </form>
  );
}

/** Search, filters (inline from md up, a sheet below), sort, and the active filters as removable chips. */
export function ResourceToolbar({ filters, options }: { filters: ResourceFilters; options: Options }) {
  const [params, setParams] = useSearchParams();
  const change = (patch: Partial<ResourceFilters>) => setParams(withFilters(params, patch));
  const nameOf = (id: string) => {
    const a = options.accounts.find((x) => x.accountId === id);
    return a ? accountLabel(a) : id;
  };
  const chips = filterChips(filters, nameOf);
  const clearOne: Partial<Record<keyof ResourceFilters, Partial<ResourceFilters>>> = {
    account: { account: undefined },
    service: { service: undefined },
    region: { region: undefined },
    failing: { failing: false },
    q: { q: undefined },
  };
  return (
    <div className="space-y-2">
      <ListToolbar
        searchId="cloud-sec-search"
        searchLabel="Search cloud resources"
        placeholder="Resource id or type, account, service…"
        q={filters.q ?? ""}
        onSearch={(q) => change({ q: q || undefined })}
        filterCount={chips.filter((c) => c.id !== "q").length}
        panel={(close) => (
          <FilterForm
            key={params.toString()}
            filters={filters}
            options={options}
            onApply={(patch) => {
              change(patch);
              close();
            }}
          />
        )}
      >
        <ToolbarSort
          id="cloud-sec-sort"
          value={filters.sort}
          options={resourceSorts}
          labels={sortLabels}
          onChange={(sort) => change({ sort })}
        />
      </ListToolbar>
      <FilterChips chips={chips.map((c) => ({ id: c.id, label: c.label, onRemove: () => change(clearOne[c.id] ?? {}) }))} />
    </div>
  );
}
