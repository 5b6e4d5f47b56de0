import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { tacticStyle } from "../lib/tactic-styles";

/** A tactic column's head: its colour bar and tint, id, name (the column's heading) and counts. */
export function TacticHeader({
  id,
  title,
  headingId,
  children,
}: {
  id: string;
  title: string;
  headingId: string;
  children: ReactNode;
}) {
  const style = tacticStyle(id);
  return (
    <header className={cn("relative border-b px-3 pt-2.5 pb-2", style.header, style.border)}>
      <span aria-hidden className={cn("absolute inset-x-0 top-0 h-1", style.bar)} />
      <p className="font-mono text-[11px] leading-4 opacity-90">{id.startsWith("TA") ? id : " "}</p>
      <h2 id={headingId} className="truncate text-sm leading-5 font-semibold" title={title}>
        {title}
      </h2>
      <p className="text-xs leading-4 opacity-90">{children}</p>
    </header>
  );
}
