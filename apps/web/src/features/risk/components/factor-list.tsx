import type { RiskScore } from "@watchfloor/shared";
import { Card } from "@/components/ui/page";
import { formatPoints, formatScore } from "../lib/format";

const colors: Record<string, string> = {
  severity: "bg-slate-500",
  epss: "bg-violet-500",
  kev: "bg-red-600",
  impact: "bg-amber-500",
  exposure: "bg-sky-600",
  incidents: "bg-fuchsia-600",
};

/**
 * Why the score is what it is: each factor's points, added in a fixed order (severity first),
 * so the points sum to the score. A factor can take points off (low business impact).
 */
export function FactorList({ score }: { score: RiskScore }) {
  const positive = score.factors.reduce((s, f) => s + Math.max(0, f.points), 0) || 1;
  return (
    <Card title="Why this score" className="min-w-0">
      {/* The bar is a picture of the list below; the list carries the same figures as text. */}
      <div aria-hidden className="mb-4 flex h-3 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
        {score.factors
          .filter((f) => f.points > 0)
          .map((f) => (
            <span key={f.stage} className={colors[f.stage]} style={{ width: `${(f.points / positive) * 100}%` }} />
          ))}
      </div>
      <ol className="space-y-3" data-testid="risk-factors">
        {score.factors.map((f) => (
          <li key={f.stage} data-testid={`factor-${f.stage}`} className="grid grid-cols-[auto_1fr_auto] items-start gap-x-3">
            <span aria-hidden className={`mt-1.5 size-2.5 rounded-full ${colors[f.stage]}`} />
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900 dark:text-white">{f.label}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">{f.detail}</p>
            </div>
            <span
              className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white"
              data-testid={`factor-${f.stage}-points`}
            >
              {f.stage === "severity" ? formatScore(f.points) : formatPoints(f.points)}
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
        Total <span className="font-semibold tabular-nums">{formatScore(score.score)}</span> of 100.
      </p>
    </Card>
  );
}
