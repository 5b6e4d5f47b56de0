/** What MDR's tables share beyond the table frame (components/ui/table-frame.tsx). */
export const muted = "text-xs text-slate-600 dark:text-slate-400";

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
