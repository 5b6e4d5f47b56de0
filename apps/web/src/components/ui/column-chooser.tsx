import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check, Columns3 } from "lucide-react";
import { buttonClass } from "./button";

type Props = {
  /** Every column the table can show, in table order. */
  columns: { id: string; label: string }[];
  visible: string[];
  defaults: string[];
  /** The column that is always shown (the row's name). */
  locked: string;
  onChange: (next: string[]) => void;
};

/** Which columns a list table shows; the list keeps the choice in the URL (`cols`) and as the default. */
export function ColumnChooser({ columns, visible, defaults, locked, onChange }: Props) {
  const ids = columns.map((c) => c.id);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass("secondary", "sm")}>
        <Columns3 aria-hidden className="size-4" /> Columns
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-[70dvh] w-56 animate-menu-in overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">
            Show columns
          </DropdownMenu.Label>
          {columns.map(({ id, label }) => (
            <DropdownMenu.CheckboxItem
              key={id}
              checked={visible.includes(id)}
              disabled={id === locked}
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(on) =>
                onChange(on ? ids.filter((c) => c === id || visible.includes(c)) : visible.filter((c) => c !== id))
              }
              className="flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none select-none data-[disabled]:opacity-60 data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800"
            >
              <span className="flex size-4 items-center justify-center">
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden className="size-4" />
                </DropdownMenu.ItemIndicator>
              </span>
              {label}
            </DropdownMenu.CheckboxItem>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item
            onSelect={() => onChange(defaults)}
            className="rounded px-2 py-1.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800"
          >
            Reset to default
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
