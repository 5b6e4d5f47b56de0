import { useSyncExternalStore } from "react";

/** Whether the dark theme is painted (lib/theme.ts toggles a class on <html>); charts recolour with it. */
function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains("dark");

export function useDarkTheme(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}

/** Chart colours readable on both themes' card backgrounds (white, slate-900). */
export function chartPalette(dark: boolean) {
  return {
    text: dark ? "#cbd5e1" : "#475569",
    grid: dark ? "#334155" : "#e2e8f0",
    tooltipBg: dark ? "#0f172a" : "#ffffff",
    tooltipBorder: dark ? "#334155" : "#e2e8f0",
    tooltipText: dark ? "#f1f5f9" : "#0f172a",
    priority: {
      Critical: dark ? "#f87171" : "#dc2626",
      High: dark ? "#fb923c" : "#ea580c",
      Medium: dark ? "#fbbf24" : "#d97706",
      Low: dark ? "#38bdf8" : "#0284c7",
    },
    other: dark ? "#64748b" : "#94a3b8",
  };
}
