import { type CloudSecCategory, cloudSecCategoryLabels } from "@watchfloor/shared";
import { Fingerprint, Globe, ScrollText } from "lucide-react";
import { Badge } from "@/components/ui/badges";

type Tone = Parameters<typeof Badge>[0]["color"];

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
