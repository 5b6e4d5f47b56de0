import type { Priority } from "@watchfloor/shared";

export const formatScore = (score: number): string => (Math.round(score * 10) / 10).toFixed(1).replace(/\.0$/, "");
export const formatCount = (n: number): string => n.toLocaleString("en");

/** Signed points, one decimal: "+4.2", "−1.5", "0". */
export function formatPoints(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return "0";
  return `${rounded > 0 ? "+" : "\u2212"}${Math.abs(rounded).toFixed(1).replace(/\.0$/, "")}`;
}

/** Text and bar colours per band; each text colour keeps 4.5:1 on its card in both themes. */
export const bandStyle: Record<Priority, { text: string; bar: string; ring: string; hex: [light: string, dark: string] }> = {
  Critical: {
    text: "text-red-700 dark:text-red-400",
    bar: "bg-red-600 dark:bg-red-500",
    ring: "ring-red-200 dark:ring-red-900",
    hex: ["#dc2626", "#f87171"],
  },
  High: {
    text: "text-orange-700 dark:text-orange-400",
    bar: "bg-orange-500",
    ring: "ring-orange-200 dark:ring-orange-900",
    hex: ["#ea580c", "#fb923c"],
  },
  Medium: {
    text: "text-amber-700 dark:text-amber-400",
    bar: "bg-amber-500",
    ring: "ring-amber-200 dark:ring-amber-900",
    hex: ["#d97706", "#fbbf24"],
  },
  Low: {
    text: "text-sky-700 dark:text-sky-400",
    bar: "bg-sky-600 dark:bg-sky-500",
    ring: "ring-sky-200 dark:ring-sky-900",
    hex: ["#0284c7", "#38bdf8"],
  },
};

export function shortDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(date);
}
