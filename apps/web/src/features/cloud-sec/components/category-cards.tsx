import { type CloudSecCategory, type CloudSecSummary, cloudSecCategoryLabels } from "@watchfloor/shared";
import { Link, useSearchParams } from "react-router";
import { cn } from "@/lib/cn";
import { withFilters } from "../lib/cloud-sec-params";
import { categoryIcons } from "./cloud-sec-badges";

/** What puts a check in each category, in a line (docs/cloud-sec.md has the whole rule). */
const about: Record<CloudSecCategory, string> = {
  public: "Public access, internet or 0.0.0.0/0 ingress, anonymous or world-readable grants.",
  identity: "IAM and identity services; MFA, root account, password policy, access keys.",
  logging: "CloudTrail, CloudWatch, Config and logging services; trails, flow logs, access logs, audit.",
};

/** The three kinds of gap; each card lists the resources with one, and shows it is chosen. */
export function CategoryCards({ categories, active }: { categories: CloudSecSummary["categories"]; active?: CloudSecCategory }) {
  const [params] = useSearchParams();
  return (
    <ul className="grid gap-3 sm:grid-cols-3" aria-label="Gaps by category">
      {categories.map((c) => {
        const Icon = categoryIcons[c.category];
        const chosen = active === c.category;
        const next = withFilters(params, { category: chosen ? undefined : c.category });
        return (
          <li key={c.category} className="min-w-0">
            <Link
              to={{ search: next.toString(), hash: "resources" }}
              aria-current={chosen ? "true" : undefined}
              data-testid={`category-${c.category}`}
              className={cn(
                "flex h-full flex-col rounded-xl border bg-white p-4 shadow-sm transition hover:border-sky-400 focus-visible:outline-2 focus-visible:outline-sky-600 dark:bg-slate-900",
                chosen ? "border-sky-600 ring-2 ring-sky-600/30" : "border-slate-200 dark:border-slate-800",
              )}
            >
              <span className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white">
                <Icon aria-hidden className="size-4 text-slate-600 dark:text-slate-400" />
                {cloudSecCategoryLabels[c.category]}
              </span>
              <span className="mt-2 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
                <span data-testid={`category-${c.category}-resources`}>{c.resources}</span>
                <span className="ml-1 text-sm font-normal text-slate-600 dark:text-slate-400">
                  {c.resources === 1 ? "resource" : "resources"}
                </span>
              </span>
              <span className="text-xs text-slate-700 dark:text-slate-300">
                {c.failing} failing {c.failing === 1 ? "result" : "results"} · {c.checks} distinct{" "}
                {c.checks === 1 ? "check" : "checks"}
              </span>
              <span className="mt-2 text-xs text-slate-600 dark:text-slate-400">{about[c.category]}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
