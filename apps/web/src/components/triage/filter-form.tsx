import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { cn } from "@/lib/cn";
import { type FilterGroup, toggleValue } from "./filter-values";

/** "Clear all" and "Apply filters" at the foot of a filter form. */
export function FilterActions({
  onReset,
  clearLabel = "Clear all",
  className,
}: {
  onReset: () => void;
  clearLabel?: string;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap justify-end gap-2", className ?? "border-t border-slate-200 pt-4 dark:border-slate-800")}>
      <Button variant="ghost" onClick={onReset}>
        {clearLabel}
      </Button>
      <Button type="submit">Apply filters</Button>
    </div>
  );
}

type Props<K extends string> = {
  /** Accessible name of the form ("Alert filters"). */
  label: string;
  groups: FilterGroup<K>[];
  /** The draft's multi-value filters; a toggled checkbox gives the next values. */
  values: Record<K, string[]>;
  onValues: (next: Record<K, string[]>) => void;
  /** Columns of the checkbox groups from lg up. */
  groupColumns?: "lg:grid-cols-4" | "lg:grid-cols-5";
  onSubmit: () => void;
  onReset: () => void;
  /** The panel's other fields (text, dates, numbers), between the checkboxes and the actions. */
  children: ReactNode;
};

/**
 * A list's filter panel: the filters are edited as a draft (the feature's state) and applied at
 * once, so a change of mind is one history entry and one request. The feature validates in
 * `onSubmit` and shows field errors on its own fields.
 */
export function FilterForm<K extends string>({
  label,
  groups,
  values,
  onValues,
  groupColumns = "lg:grid-cols-4",
  ...props
}: Props<K>) {
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }
  return (
    <form onSubmit={submit} aria-label={label} className="space-y-5" noValidate>
      <div className={cn("grid gap-5 sm:grid-cols-2", groupColumns)}>
        {groups.map(({ key, legend, options, scroll }) => (
          <CheckboxGroup
            key={key}
            legend={legend}
            options={options}
            selected={values[key]}
            onToggle={(value) => onValues({ ...values, [key]: toggleValue(values[key], value) })}
            scroll={scroll}
          />
        ))}
      </div>
      {props.children}
      <FilterActions onReset={props.onReset} />
    </form>
  );
}
