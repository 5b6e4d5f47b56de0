import { type Priority, riskModel } from "@watchfloor/shared";
import { bandStyle, formatScore } from "../lib/format";

const R = 80;
const CX = 100;
const CY = 96;
/** A point on the half circle for a score 0-100 (left to right). */
const at = (score: number) => {
  const angle = Math.PI * (1 - Math.min(100, Math.max(0, score)) / 100);
  return [CX + R * Math.cos(angle), CY - R * Math.sin(angle)] as const;
};
const arc = (from: number, to: number) => {
  const [x1, y1] = at(from);
  const [x2, y2] = at(to);
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${R} ${R} 0 0 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
};

/** The score on a half dial whose segments are the bands; the needle marks the score. */
export function ScoreGauge({ score, band }: { score: number; band: Priority }) {
  const bands = [...riskModel.bands].reverse();
  const [nx, ny] = at(score);
  return (
    <svg
      viewBox="0 0 200 112"
      className="w-full max-w-60"
      role="img"
      aria-label={`Risk score ${formatScore(score)} out of 100: ${band}`}
    >
      {bands.map(([name, floor], i) => (
        <path
          key={name}
          d={arc(floor + (i === 0 ? 0 : 0.6), bands[i + 1]?.[1] ?? 100)}
          className={`${bandStyle[name].text} opacity-25`}
          stroke="currentColor"
          strokeWidth="14"
          fill="none"
        />
      ))}
      {score > 0 && (
        <path d={arc(0, score)} className={bandStyle[band].text} stroke="currentColor" strokeWidth="14" fill="none" />
      )}
      <line
        x1={CX}
        y1={CY}
        x2={nx}
        y2={ny}
        className="text-slate-700 dark:text-slate-200"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx={CX} cy={CY} r="5" className="fill-slate-700 dark:fill-slate-200" />
    </svg>
  );
}
