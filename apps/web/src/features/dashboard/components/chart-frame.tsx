import { lazy, type ReactNode, Suspense } from "react";
import type { ChartOption } from "./echart";

const EChart = lazy(() => import("./echart"));

/**
 * A chart with its text alternative: the drawing is hidden from assistive technology and the
 * same figures are given as a visually hidden table (with links) that screen readers read.
 */
export function ChartFrame({
  option,
  onSelect,
  summary,
  table,
  height = "h-56",
}: {
  option: ChartOption;
  onSelect?: (index: number) => void;
  summary: string;
  table: ReactNode;
  height?: string;
}) {
  return (
    <figure className="m-0">
      <Suspense fallback={<div className={`${height} animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800`} />}>
        <EChart option={option} onSelect={onSelect} className={`${height} w-full ${onSelect ? "cursor-pointer" : ""}`} />
      </Suspense>
      <figcaption className="sr-only">{summary}</figcaption>
      <div className="sr-only">{table}</div>
    </figure>
  );
}
