import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { TableScroll } from "@/components/ui/table-scroll";
import { useLookalikes } from "../api/watched-assets";

// A watched domain has a few hundred candidates; the page shows this many, the count says the rest.
const SHOWN = 200;

/** The registrations to look out for, for one watched domain: each candidate with its techniques. */
export function LookalikeList({ watchedId }: { watchedId: string }) {
  const lookalikes = useLookalikes(watchedId);
  if (lookalikes.isPending) return <LoadingState label="Generating look-alike domains" />;
  if (lookalikes.isError) return <ErrorState error={lookalikes.error} onRetry={() => lookalikes.refetch()} />;
  const { watched, items } = lookalikes.data;
  return (
    <Card title={`Look-alikes of ${watched.display}`}>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" data-testid="lookalike-count">
        {items.length.toLocaleString()} look-alike domains{items.length > SHOWN ? `; the first ${SHOWN} are shown` : ""}. Matching
        them against feeds and your alerts is not built yet: this is the list a registration or certificate watch would use.
      </p>
      <TableScroll label={`Look-alikes of ${watched.display}`} className="max-h-96">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:text-slate-400">
              <th scope="col" className="py-2 pr-4 pl-5 font-medium">
                Domain
              </th>
              <th scope="col" className="py-2 pr-5 font-medium">
                Techniques
              </th>
            </tr>
          </thead>
          <tbody>
            {items.slice(0, SHOWN).map((l) => (
              <tr key={l.domain} className="border-b border-slate-100 last:border-0 dark:border-slate-800/60">
                <td className="py-1.5 pr-4 pl-5 font-mono text-slate-900 dark:text-white">
                  {l.unicode !== l.domain ? `${l.unicode} (${l.domain})` : l.domain}
                </td>
                <td className="py-1.5 pr-5 text-slate-700 dark:text-slate-300">{l.kinds.join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}
