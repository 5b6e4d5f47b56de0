import type { ReactNode } from "react";
import { TableScroll } from "@/components/ui/table-scroll";

export const th =
  "px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-400";
export const td = "px-3 py-2.5 align-top";
export const muted = "text-xs text-slate-600 dark:text-slate-400";

/** The MDR tables: a scrolling region with a caption and one header row; rows come from the caller. */
export function MdrTable({
  label,
  caption,
  headers,
  testId,
  minWidth,
  children,
}: {
  label: string;
  caption: string;
  headers: string[];
  testId: string;
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className={`w-full text-sm ${minWidth}`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            {headers.map((h, i) => (
              <th key={h} scope="col" className={`${th} ${i === 0 ? "pl-5" : ""} ${i === headers.length - 1 ? "pr-5" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

export const rowClass = "border-b border-slate-100 last:border-0 dark:border-slate-800/60";

/** "12.5 min" with last week's figure under it. */
export function Trend({ current, previous }: { current: number | null; previous: number | null }) {
  const fmt = (v: number | null) => (v == null ? "—" : `${v} min`);
  return (
    <div className="whitespace-nowrap">
      <span className="font-medium text-slate-900 tabular-nums dark:text-white">{fmt(current)}</span>
      <div className={muted}>last week {fmt(previous)}</div>
    </div>
  );
}

/** "Tool / sensor", the sensor left out when it is none or repeats the tool. */
export const sourceName = (s: { tool: string; sensor: string }) =>
  s.sensor && s.sensor !== s.tool ? `${s.tool} / ${s.sensor}` : s.tool;
