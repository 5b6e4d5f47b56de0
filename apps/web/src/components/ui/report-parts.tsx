import type { ReactNode } from "react";
import { TableScroll } from "@/components/ui/table-scroll";

/** One figure of an import report; "bad" figures above zero show red, "good" ones green. */
export function Stat({ label, value, tone }: { label: string; value: number; tone?: "good" | "bad" }) {
  const color =
    tone === "bad" && value > 0
      ? "text-red-800 dark:text-red-300"
      : tone === "good" && value > 0
        ? "text-emerald-800 dark:text-emerald-300"
        : "text-slate-900 dark:text-white";
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd
        className={`mt-1 text-2xl font-semibold tabular-nums ${color}`}
        data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}
      >
        {value}
      </dd>
    </div>
  );
}

/** A plain table inside a card (edge to edge), scrolling sideways on narrow screens. */
export function SmallTable({
  caption,
  head,
  rows,
  testId,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  testId: string;
}) {
  return (
    <TableScroll label={caption}>
      <table className="w-full min-w-[520px] text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400">
            {head.map((h) => (
              <th key={h} scope="col" className="px-5 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id and never reorder
            <tr key={i}>
              {cells.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <td key={j} className="px-5 py-2 align-top text-slate-800 dark:text-slate-200">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

type Rejected = { row: number; problems: { field: string; reason: string }[] };

/** Rejected rows of an import as table rows: one line per problem (row, field, reason). */
export function rejectedRows(rejected: Rejected[]): ReactNode[][] {
  return rejected.flatMap((r) =>
    r.problems.map((p) => [
      <span key="r" className="tabular-nums">
        {r.row}
      </span>,
      <span key="f" className="font-mono">
        {p.field}
      </span>,
      p.reason,
    ]),
  );
}

type Note = { row: number; field: string; value: string; message: string };

/** Data-quality notes of an import as table rows: row, field, the value as read, and the note. */
export function noteRows(notes: Note[]): ReactNode[][] {
  return notes.map((n) => [
    n.row,
    <span key="f" className="font-mono">
      {n.field}
    </span>,
    <span key="v" className="font-mono break-all">
      {n.value}
    </span>,
    n.message,
  ]);
}
