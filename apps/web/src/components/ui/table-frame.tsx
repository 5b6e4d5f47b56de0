import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { TableScroll } from "./table-scroll";

/** A column header's look (alignment apart, so that one class sets it). */
export const headCell =
  "px-3 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-400";
/** A body cell of text: lines of one row start level. */
export const cell = "px-3 py-2.5 align-top";
/** A body cell holding a figure: right-aligned, digits of equal width, on one line. */
export const figureCell = "px-3 py-2.5 text-right tabular-nums whitespace-nowrap";
/** Every row of a frame but the last has a line under it. */
export const rowClass = "border-b border-slate-100 last:border-0 dark:border-slate-800/60";

/**
 * A plain table in a card, edge to edge: a scrolling region with a name, a caption for screen
 * readers and one header row. The caller writes the rows (their own keys, test ids, row headers
 * and links), which is what the array-of-cells `SmallTable` cannot carry. Columns from
 * `figuresFrom` on are figures, right-aligned like their cells.
 */
export function TableFrame({
  label,
  caption,
  headers,
  testId,
  minWidth,
  figuresFrom,
  children,
}: {
  label: string;
  caption: ReactNode;
  headers: readonly string[];
  testId: string;
  /** A Tailwind min-width class ("min-w-[40rem]"): narrower screens scroll the table sideways. */
  minWidth: string;
  figuresFrom?: number;
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className={`w-full text-sm ${minWidth}`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            {headers.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={cn(
                  headCell,
                  figuresFrom !== undefined && i >= figuresFrom ? "text-right" : "text-left",
                  // The first and last columns meet the card's edge padding.
                  i === 0 && "pl-5",
                  i === headers.length - 1 && "pr-5",
                )}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-slate-800 dark:text-slate-200">{children}</tbody>
      </table>
    </TableScroll>
  );
}
