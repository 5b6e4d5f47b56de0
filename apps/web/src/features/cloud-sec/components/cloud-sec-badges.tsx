import {
  type CloudSecCategory,
  type ComplianceResult,
  type ComplianceSeverity,
  cloudSecCategoryLabels,
} from "@watchfloor/shared";
import { Fingerprint, Globe, ScrollText } from "lucide-react";
import { Badge } from "@/components/ui/badges";

type Tone = Parameters<typeof Badge>[0]["color"];

const severityTone: Record<ComplianceSeverity, Tone> = {
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

const resultLabels: Record<ComplianceResult, [string, Tone]> = {
  pass: ["Pass", "emerald"],
  fail: ["Fail", "red"],
  error: ["Error", "orange"],
  not_applicable: ["Not applicable", "slate"],
  manual: ["Manual", "slate"],
  not_checked: ["Not checked", "slate"],
};

/** A result, or "Excepted" when an active exception covers it (then it is no gap). */
export function ResultBadge({ result, excepted }: { result: ComplianceResult; excepted: boolean }) {
  if (excepted) return <Badge color="violet">Excepted</Badge>;
  const [label, color] = resultLabels[result];
  return <Badge color={color}>{label}</Badge>;
}

export const categoryIcons: Record<CloudSecCategory, typeof Globe> = {
  public: Globe,
  identity: Fingerprint,
  logging: ScrollText,
};
const categoryTone: Record<CloudSecCategory, Tone> = { public: "red", identity: "violet", logging: "sky" };

/** The categories in which a resource has a failing check. */
export function GapBadges({ gaps }: { gaps: CloudSecCategory[] }) {
  if (gaps.length === 0) return <span className="text-xs text-slate-600 dark:text-slate-400">none</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {gaps.map((g) => {
        const Icon = categoryIcons[g];
        return (
          <Badge key={g} color={categoryTone[g]}>
            <Icon aria-hidden className="size-3" />
            {cloudSecCategoryLabels[g]}
          </Badge>
        );
      })}
    </span>
  );
}
