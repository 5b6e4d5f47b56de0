import {
  type AutomationSubject,
  type Condition,
  type ConditionLeaf,
  type ConditionOp,
  opsForKind,
  subjectFields,
} from "@watchfloor/shared";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { opLabels } from "../labels";

/**
 * The condition as rows joined by "all" or "any", each row optionally negated: what most rules
 * need. Deeper trees (and/or/not nested) are edited as JSON by the editor; both are the same
 * contract, checked by the server, whose problems come back with their positions.
 */
export interface Row {
  field: string;
  op: ConditionOp;
  value: string;
  negate: boolean;
}
export interface Builder {
  combinator: "all" | "any";
  rows: Row[];
}

/** The builder's view of a tree, or null when the tree is deeper than rows can show. */
export function toBuilder(condition: Condition): Builder | null {
  const leafRow = (c: Condition, negate: boolean): Row | null =>
    "field" in c ? { field: c.field, op: c.op, value: valueText(c.value), negate } : null;
  const rowOf = (c: Condition): Row | null => ("not" in c ? leafRow(c.not, true) : leafRow(c, false));
  const list = "all" in condition ? condition.all : "any" in condition ? condition.any : [condition];
  const rows = list.map(rowOf);
  if (rows.some((r) => r === null)) return null;
  return { combinator: "any" in condition ? "any" : "all", rows: rows as Row[] };
}

const valueText = (v: ConditionLeaf["value"]): string => (Array.isArray(v) ? v.join(", ") : v === undefined ? "" : String(v));

export function fromBuilder(builder: Builder, subject: AutomationSubject): Condition {
  const fields = subjectFields[subject];
  const leaf = (row: Row): Condition => {
    const kind = fields[row.field]?.kind;
    const parse = (text: string) =>
      kind === "number" && text.trim() !== "" && !Number.isNaN(Number(text)) ? Number(text) : text.trim();
    let value: ConditionLeaf["value"];
    if (row.op === "exists") value = row.value !== "false";
    else if (row.op === "in")
      value = row.value
        .split(",")
        .map((v) => parse(v))
        .filter((v) => v !== "");
    else value = parse(row.value);
    const node: ConditionLeaf = { field: row.field, op: row.op, value };
    return row.negate ? { not: node } : node;
  };
  return builder.combinator === "all" ? { all: builder.rows.map(leaf) } : { any: builder.rows.map(leaf) };
}

export function ConditionBuilder({
  subject,
  value,
  onChange,
  errors,
}: {
  subject: AutomationSubject;
  value: Builder;
  onChange: (next: Builder) => void;
  /** Server problems keyed by path ("condition.all[1].value"). */
  errors: Record<string, string>;
}) {
  const fields = subjectFields[subject];
  const set = (i: number, change: Partial<Row>) =>
    onChange({ ...value, rows: value.rows.map((r, j) => (j === i ? { ...r, ...change } : r)) });
  const problem = (i: number, part: string) => {
    const base = `condition.${value.combinator}[${i}]`;
    return errors[`${base}.${part}`] ?? errors[`${base}.not.${part}`];
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Condition</legend>
      <SelectField
        label="Match"
        value={value.combinator}
        onChange={(e) => onChange({ ...value, combinator: e.target.value as Builder["combinator"] })}
      >
        <option value="all">All of these</option>
        <option value="any">Any of these</option>
      </SelectField>
      {value.rows.map((row, i) => {
        const kind = fields[row.field]?.kind ?? "text";
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
            key={i}
            className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1.4fr_auto] dark:border-slate-700"
          >
            <SelectField
              label={`Field ${i + 1}`}
              value={row.field}
              error={problem(i, "field")}
              onChange={(e) => {
                const nextKind = fields[e.target.value]?.kind ?? "text";
                set(i, {
                  field: e.target.value,
                  op: opsForKind[nextKind].includes(row.op) ? row.op : (opsForKind[nextKind][0] as ConditionOp),
                });
              }}
            >
              {Object.entries(fields).map(([name, spec]) => (
                <option key={name} value={name}>
                  {spec.label}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Operator"
              value={row.op}
              error={problem(i, "op")}
              onChange={(e) => set(i, { op: e.target.value as ConditionOp })}
            >
              {opsForKind[kind].map((op) => (
                <option key={op} value={op}>
                  {opLabels[op]}
                </option>
              ))}
            </SelectField>
            {row.op === "exists" ? (
              <SelectField
                label="Value"
                value={row.value === "false" ? "false" : "true"}
                onChange={(e) => set(i, { value: e.target.value })}
              >
                <option value="true">yes</option>
                <option value="false">no (empty)</option>
              </SelectField>
            ) : (
              <TextField
                label="Value"
                value={row.value}
                error={problem(i, "value")}
                placeholder={
                  kind === "date" ? "2026-11-01T00:00:00Z" : kind === "ip" && row.op === "cidr" ? "10.0.0.0/8" : undefined
                }
                onChange={(e) => set(i, { value: e.target.value })}
              />
            )}
            <div className="flex items-end gap-2 pb-0.5">
              <label className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
                <input type="checkbox" checked={row.negate} onChange={(e) => set(i, { negate: e.target.checked })} /> Not
              </label>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove condition ${i + 1}`}
                disabled={value.rows.length === 1}
                onClick={() => onChange({ ...value, rows: value.rows.filter((_, j) => j !== i) })}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </div>
          </div>
        );
      })}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() =>
          onChange({
            ...value,
            rows: [...value.rows, { field: Object.keys(fields)[0] ?? "name", op: "contains", value: "", negate: false }],
          })
        }
      >
        <Plus aria-hidden className="size-4" /> Add condition
      </Button>
    </fieldset>
  );
}
