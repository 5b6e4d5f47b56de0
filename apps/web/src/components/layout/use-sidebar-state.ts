import { layout } from "@watchfloor/shared";
import { useEffect, useState } from "react";

const above = () => window.innerWidth > layout.autoExpandAbovePx;

/**
 * Docked sidebar expanded/collapsed. Spec: the initial open state is set when the width is at
 * least 1024, and outside the sheet the sidebar auto-expands above 780 and collapses otherwise.
 * We apply the 780 rule only when the width crosses it, so a resize that stays on one side
 * keeps a choice made with the xl toggle.
 */
export function useSidebarExpanded(): [boolean, (next: boolean) => void] {
  // A fresh load is open from 1024 up only; between 780 and 1024 it opens when the window is
  // widened across 780, not on load.
  const [expanded, setExpanded] = useState(() => window.innerWidth >= layout.initialOpenFromPx);
  useEffect(() => {
    let wasAbove = above();
    const onResize = () => {
      const now = above();
      if (now !== wasAbove) {
        wasAbove = now;
        setExpanded(now);
      }
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return [expanded, setExpanded];
}

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const onChange = () => setMatches(media.matches);
    onChange();
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}
