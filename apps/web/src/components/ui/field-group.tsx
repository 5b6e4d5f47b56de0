import type { ReactNode } from "react";
import { Card } from "./page";

export type Field = [label: string, value: ReactNode];

/** A titled card of label/value pairs (a detail page's fields), two columns from sm up. */
export function FieldGroup({ title, fields, actions }: { title: string; fields: Field[]; actions?: ReactNode }) {
  return (
    <Card title={title} actions={actions}>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {fields.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-0.5 break-words text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
