import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A table wider than a phone scrolls sideways inside its card, edge to edge. The region takes
 * keyboard focus and has a name, so it can be scrolled without a pointer (axe
 * scrollable-region-focusable). It is the containing block of what is positioned inside (visually
 * hidden header text), so that cannot stretch the page past the scroller.
 */
export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        "relative -mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600",
        className,
      )}
    >
      {children}
    </section>
  );
}
