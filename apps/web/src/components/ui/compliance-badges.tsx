import type { ComplianceResult, ComplianceSeverity } from "@watchfloor/shared";
import { Badge } from "./badges";

// Compliance results and severities as Compliance and Cloud Sec show them (one look in both).

const severityTone: Record<ComplianceSeverity, Parameters<typeof Badge>[0]["color"]> = {
  critical: "red",
  high: "orange",
  medium: "amber",
  low: "sky",
  info: "slate",
  unknown: "slate",
};

export function SeverityBadge({ severity }: { severity: ComplianceSeverity }) {
  return <Badge color={severityTone[severity]}>{severity === "unknown" ? "no severity" : severity}</Badge>;
}

const resultLabels: Record<ComplianceResult, [string, Parameters<typeof Badge>[0]["color"]]> = {
  pass: ["Pass", "emerald"],
  fail: ["Fail", "red"],
  error: ["Error", "orange"],
  not_applicable: ["Not applicable", "slate"],
  manual: ["Manual", "slate"],
  not_checked: ["Not checked", "slate"],
};

/** A result, or "Excepted" when an active exception covers it (it then counts apart from failures). */
export function ResultBadge({ result, excepted }: { result: ComplianceResult; excepted?: boolean }) {
  if (excepted) return <Badge color="violet">Excepted</Badge>;
  const [label, color] = resultLabels[result];
  return <Badge color={color}>{label}</Badge>;
}

/** Pass rate as a number and a bar; "not scored" when nothing passed, failed or erred. */
export function PassRate({ rate, label }: { rate: number | null; label?: string }) {
  if (rate === null) return <span className="text-sm text-slate-600 dark:text-slate-400">not scored</span>;
  const color = rate >= 90 ? "bg-emerald-600" : rate >= 70 ? "bg-amber-500" : "bg-red-600";
  return (
    <span className="inline-flex min-w-28 items-center gap-2">
      <span className="w-12 text-right text-sm font-semibold tabular-nums text-slate-900 dark:text-white">{rate}%</span>
      {/* The figure is the text beside; the bar only draws it. */}
      <span aria-hidden title={label} className="h-2 w-20 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <span className={`block h-full ${color}`} style={{ width: `${rate}%` }} />
      </span>
    </span>
  );
}
