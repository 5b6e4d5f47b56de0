/**
 * Heat-map scale for alert counts: five steps relative to the busiest technique in view. Each step
 * pairs a fill with a text colour that keeps 4.5:1 contrast.
 */
export const heatSteps = [
  { cell: "bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100", swatch: "bg-amber-50 dark:bg-amber-950/40" },
  { cell: "bg-amber-200 text-amber-950 dark:bg-amber-900/70 dark:text-amber-50", swatch: "bg-amber-200 dark:bg-amber-900/70" },
  { cell: "bg-orange-300 text-orange-950 dark:bg-orange-800 dark:text-white", swatch: "bg-orange-300 dark:bg-orange-800" },
  { cell: "bg-red-600 text-white dark:bg-red-700 dark:text-white", swatch: "bg-red-600 dark:bg-red-700" },
  { cell: "bg-red-800 text-white dark:bg-red-900 dark:text-white", swatch: "bg-red-800 dark:bg-red-900" },
] as const;

export const emptyCell = "bg-white text-slate-600 dark:bg-slate-900 dark:text-slate-300";

/**
 * The step for a count between the smallest and largest count in view (as the Navigator's
 * gradient does): counts that all sit in 47–79 still spread over the scale instead of all red.
 */
export function heatStep(count: number, min: number, max: number): number {
  if (count <= 0 || max <= 0) return -1;
  const low = Math.min(min, max);
  const span = max - low + 1;
  return Math.min(heatSteps.length - 1, Math.max(0, Math.floor(((count - low) / span) * heatSteps.length)));
}

/** Legend ranges ("47–53", "54–59"...) matching `heatStep` for the counts in view. */
export function heatLegend(min: number, max: number): { label: string; swatch: string }[] {
  const out: { label: string; swatch: string }[] = [];
  if (max <= 0) return out;
  const low = Math.min(min, max);
  const buckets = new Map<number, [number, number]>();
  // Few distinct counts per view (at most a few hundred techniques): walk the integer range.
  for (let c = low; c <= max; c += Math.max(1, Math.floor((max - low) / 2000))) {
    const step = heatStep(c, low, max);
    const range = buckets.get(step);
    buckets.set(step, range ? [range[0], c] : [c, c]);
  }
  const last = buckets.get(heatStep(max, low, max));
  if (last) last[1] = max;
  heatSteps.forEach((step, i) => {
    const range = buckets.get(i);
    if (range) out.push({ label: range[0] === range[1] ? String(range[0]) : `${range[0]}–${range[1]}`, swatch: step.swatch });
  });
  return out;
}
