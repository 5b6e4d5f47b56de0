/**
 * One colour per tactic (spec: "color and border" per tactic group), kill-chain order. Full class
 * strings so Tailwind sees them; header text keeps AA contrast on its tint in both themes.
 */
const styles: Record<string, { bar: string; border: string; header: string }> = {
  TA0043: {
    bar: "bg-slate-500",
    border: "border-slate-300 dark:border-slate-700",
    header: "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
  },
  TA0042: {
    bar: "bg-stone-500",
    border: "border-stone-300 dark:border-stone-700",
    header: "bg-stone-100 text-stone-900 dark:bg-stone-900 dark:text-stone-100",
  },
  TA0001: {
    bar: "bg-sky-500",
    border: "border-sky-300 dark:border-sky-800",
    header: "bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-100",
  },
  TA0002: {
    bar: "bg-blue-500",
    border: "border-blue-300 dark:border-blue-800",
    header: "bg-blue-50 text-blue-950 dark:bg-blue-950 dark:text-blue-100",
  },
  TA0003: {
    bar: "bg-indigo-500",
    border: "border-indigo-300 dark:border-indigo-800",
    header: "bg-indigo-50 text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100",
  },
  TA0004: {
    bar: "bg-violet-500",
    border: "border-violet-300 dark:border-violet-800",
    header: "bg-violet-50 text-violet-950 dark:bg-violet-950 dark:text-violet-100",
  },
  TA0005: {
    bar: "bg-purple-500",
    border: "border-purple-300 dark:border-purple-800",
    header: "bg-purple-50 text-purple-950 dark:bg-purple-950 dark:text-purple-100",
  },
  TA0006: {
    bar: "bg-fuchsia-500",
    border: "border-fuchsia-300 dark:border-fuchsia-800",
    header: "bg-fuchsia-50 text-fuchsia-950 dark:bg-fuchsia-950 dark:text-fuchsia-100",
  },
  TA0007: {
    bar: "bg-pink-500",
    border: "border-pink-300 dark:border-pink-800",
    header: "bg-pink-50 text-pink-950 dark:bg-pink-950 dark:text-pink-100",
  },
  TA0008: {
    bar: "bg-orange-500",
    border: "border-orange-300 dark:border-orange-800",
    header: "bg-orange-50 text-orange-950 dark:bg-orange-950 dark:text-orange-100",
  },
  TA0009: {
    bar: "bg-amber-500",
    border: "border-amber-300 dark:border-amber-800",
    header: "bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  },
  TA0011: {
    bar: "bg-lime-600",
    border: "border-lime-300 dark:border-lime-800",
    header: "bg-lime-50 text-lime-950 dark:bg-lime-950 dark:text-lime-100",
  },
  TA0010: {
    bar: "bg-emerald-600",
    border: "border-emerald-300 dark:border-emerald-800",
    header: "bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100",
  },
  TA0040: {
    bar: "bg-teal-600",
    border: "border-teal-300 dark:border-teal-800",
    header: "bg-teal-50 text-teal-950 dark:bg-teal-950 dark:text-teal-100",
  },
};

const fallback = styles.TA0043 as { bar: string; border: string; header: string };

export function tacticStyle(tacticId: string) {
  return styles[tacticId] ?? fallback;
}
