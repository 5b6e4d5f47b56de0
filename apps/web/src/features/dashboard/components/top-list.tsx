import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { formatCount } from "../lib/format";

type Item = { key: string; label: string; count: number };

/**
 * A ranked list with proportional bars; each row links to the alerts it counts. The bar is
 * decoration (the count is written beside it), so it carries no text of its own.
 */
export function TopList({
  title,
  items,
  linkFor,
  empty,
  testId,
}: {
  title: string;
  items: Item[];
  linkFor: (item: Item) => string;
  empty: string;
  testId?: string;
}) {
  const max = Math.max(1, ...items.map((i) => i.count));
  return (
    <Card title={title} className="min-w-0">
      {items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{empty}</p>
      ) : (
        <ol data-testid={testId} className="space-y-1">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                to={linkFor(item)}
                className="group -mx-2 block rounded-md px-2 py-1.5 hover:bg-slate-50 dark:hover:bg-slate-800/60"
              >
                <span className="flex items-baseline justify-between gap-3 text-sm">
                  <span
                    className="truncate text-slate-800 group-hover:text-sky-700 dark:text-slate-200 dark:group-hover:text-sky-400"
                    title={item.label}
                  >
                    {item.label}
                  </span>
                  <span className="shrink-0 font-semibold text-slate-900 tabular-nums dark:text-white">
                    {formatCount(item.count)}
                  </span>
                </span>
                <span aria-hidden className="mt-1 block h-1.5 rounded-full bg-slate-100 dark:bg-slate-800">
                  <span
                    className="block h-full rounded-full bg-sky-500/80 dark:bg-sky-500/70"
                    style={{ width: `${(item.count / max) * 100}%` }}
                  />
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
