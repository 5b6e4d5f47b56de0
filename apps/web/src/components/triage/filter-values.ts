import type { CheckboxOption } from "@/components/ui/checkbox-group";

/** One multi-value filter shown as checkboxes. */
export type FilterGroup<K extends string> = { key: K; legend: string; options: readonly CheckboxOption[]; scroll?: boolean };

/** A closed set of values as checkbox options labelled with themselves. */
export const valueOptions = (values: readonly string[] = []): CheckboxOption[] => values.map((v) => ({ value: v, label: v }));

/** The tenant filter's options; only worth showing to someone in more than one tenant. */
export const tenantGroup = <K extends string>(
  key: K,
  legend: string,
  tenants: { id: string; name: string }[],
): FilterGroup<K>[] =>
  tenants.length > 1 ? [{ key, legend, options: tenants.map((t) => ({ value: t.id, label: t.name })), scroll: true }] : [];

/** A list of values with one value added, or removed when it was there (a checkbox toggled). */
export const toggleValue = (values: readonly string[], value: string): string[] =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
