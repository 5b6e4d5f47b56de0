import type { Preferences } from "@watchfloor/shared";

type Theme = Preferences["theme"];
const storageKey = "watchfloor.theme";
let current: Theme = "system";
let media: MediaQueryList | null = null;

function paint(): void {
  const dark = current === "dark" || (current === "system" && (media?.matches ?? false));
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

/**
 * Applies the theme as a class on <html> (Tailwind's dark variant keys off it). The choice is
 * cached locally so the next page load paints in the right theme before the session arrives.
 */
export function applyTheme(theme: Theme): void {
  current = theme;
  if (!media && typeof window.matchMedia === "function") {
    media = window.matchMedia("(prefers-color-scheme: dark)");
    media.addEventListener("change", paint);
  }
  try {
    localStorage.setItem(storageKey, theme);
  } catch {
    // Storage disabled: the theme still applies for this page.
  }
  paint();
}

export function applyCachedTheme(): void {
  let cached: string | null = null;
  try {
    cached = localStorage.getItem(storageKey);
  } catch {
    cached = null;
  }
  applyTheme(cached === "light" || cached === "dark" ? cached : "system");
}
