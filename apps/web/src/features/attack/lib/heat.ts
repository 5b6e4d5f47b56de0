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
 * With `zeroStep` (the full catalogue matrix) the lowest step is kept for techniques without
 * alerts and the counts spread over the steps above it; without it a zero gets no step (-1).
 */
export function heatStep(count: number, min: number, max: number, zeroStep = false): number {
  const base = zeroStep ? 1 : 0;
  if (count <= 0 || max <= 0) return zeroStep ? 0 : -1;
  const steps = heatSteps.length - base;
  const low = Math.min(min, max);
  const span = max - low + 1;
  return base + Math.min(steps - 1, Math.max(0, Math.floor(((count - low) / span) * steps)));
}

/** Legend ranges ("0", "47–53", "54–59"...) matching `heatStep` for the counts in view. */
export function heatLegend(min: number, max: number, zeroStep = false): { label: string; swatch: string }[] {
  const out: { label: string; swatch: string }[] = [];
  if (zeroStep) out.push({ label: "0", swatch: heatSteps[0].swatch });
  if (max <= 0) return out;
  const low = Math.min(min, max);
  const buckets = new Map<number, [number, number]>();
  // Few distinct counts per view (at most a few hundred techniques): walk the integer range.
  for (let c = low; c <= max; c += Math.max(1, Math.floor((max - low) / 2000))) {
    const step = heatStep(c, low, max, zeroStep);
    const range = buckets.get(step);
    buckets.set(step, range ? [range[0], c] : [c, c]);
  }
  const last = buckets.get(heatStep(max, low, max, zeroStep));
  if (last) last[1] = max;
  heatSteps.forEach((step, i) => {
    const range = buckets.get(i);
    if (range && !(zeroStep && i === 0))
      out.push({ label: range[0] === range[1] ? String(range[0]) : `${range[0]}–${range[1]}`, swatch: step.swatch });
  });
  return out;
}
