import { ToggleGroup } from "@/components/ui/toggle-group";

export type ListView = "open" | "closed" | "all";
const views: { id: ListView; label: string }[] = [
  { id: "open", label: "Open" },
  { id: "closed", label: "Closed" },
  { id: "all", label: "All" },
];

/** Open, Closed or All: the view switch of a list kept in the URL (`view`). */
export function ViewToggle<V extends ListView>({
  label,
  value,
  onChange,
}: {
  label: string;
  value: V;
  onChange: (view: V) => void;
}) {
  return <ToggleGroup label={label} options={views} value={value} onChange={(view) => onChange(view as V)} />;
}
