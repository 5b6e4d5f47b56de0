import type { RiskSummary } from "@watchfloor/shared";
import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import { Card } from "@/components/ui/page";
import { cn } from "@/lib/cn";
import { bandStyle, formatPoints, formatScore, shortDate } from "../lib/format";
import { ScoreGauge } from "./score-gauge";

/** The headline: score out of 100 with its band, how it moved over the window, and its two halves. */
export function ScoreCard({ summary }: { summary: RiskSummary }) {
  const { score, trend } = summary;
  const first = trend.points[0];
  const change = first && trend.points.length > 1 ? score.score - first.score : null;
  const Arrow = change == null || Math.abs(change) < 0.05 ? ArrowRight : change > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <Card title="Risk score" className="min-w-0">
      <div className="flex flex-col items-center text-center" data-testid="risk-score">
        <ScoreGauge score={score.score} band={score.band} />
        <p className="-mt-2 flex items-baseline gap-1">
          <span
            data-testid="risk-score-value"
            className="text-5xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white"
          >
            {formatScore(score.score)}
          </span>
          <span className="text-sm text-slate-600 dark:text-slate-400">/ 100</span>
        </p>
        <p
          className={cn("mt-1 text-sm font-semibold tracking-wide uppercase", bandStyle[score.band].text)}
          data-testid="risk-band"
        >
          {score.band} risk
        </p>
        {change != null && first && (
          <p
            data-testid="score-change"
            className="mt-2 inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          >
            <Arrow aria-hidden className="size-3.5" />
            {formatPoints(change)} since {shortDate(first.date)}
          </p>
        )}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4 text-sm dark:border-slate-800">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Worst assets</dt>
          <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatScore(score.peak)}</dd>
          <dd className="text-xs text-slate-500 dark:text-slate-400">mean of the 5 riskiest, half the score</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Whole estate</dt>
          <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatScore(score.breadth)}</dd>
          <dd className="text-xs text-slate-500 dark:text-slate-400">impact-weighted mean of all assets</dd>
        </div>
      </dl>
    </Card>
  );
}
