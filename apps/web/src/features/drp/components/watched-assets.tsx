import { domainWatchedKinds, roleCan, type Tenant, type WatchedAsset } from "@watchfloor/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { TableScroll } from "@/components/ui/table-scroll";
import { errorMessage } from "@/lib/api-client";
import { useRemoveWatched, useWatchedAssets } from "../api/watched-assets";
import { AddWatchedForm, kindLabels } from "./add-watched-form";
import { LookalikeList } from "./lookalike-list";

/** Watched domains, e-mail domains, brands and executives of the tenants in scope that have DRP. */
export function WatchedAssets({ tenants }: { tenants: Tenant[] }) {
  const watched = useWatchedAssets(tenants.length > 0);
  const remove = useRemoveWatched();
  const [open, setOpen] = useState<string | null>(null);
  const writers = tenants.filter((t) => roleCan(t.role, "data.write"));
  const nameOf = (id: string) => tenants.find((t) => t.id === id)?.name ?? id;
  const canChange = (w: WatchedAsset) => writers.some((t) => t.id === w.tenantId);

  return (
    <div className="space-y-6">
      <Card title="Watched assets">
        {writers.length > 0 && (
          <div className="mb-5">
            <AddWatchedForm tenants={writers} />
          </div>
        )}
        {remove.isError && <Notice tone="error">{errorMessage(remove.error)}</Notice>}
        {watched.isPending ? (
          <LoadingState label="Loading watched assets" />
        ) : watched.isError ? (
          <ErrorState error={watched.error} onRetry={() => watched.refetch()} />
        ) : watched.data.length === 0 ? (
          <EmptyState title="Nothing watched yet">
            Add the domains, e-mail domains, brand names and executives to protect.
          </EmptyState>
        ) : (
          <TableScroll label="Watched assets">
            <table className="w-full text-left text-sm" data-testid="watched-assets">
              <thead>
                <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:text-slate-400">
                  <th scope="col" className="py-2 pr-4 pl-5 font-medium">
                    Value
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Kind
                  </th>
                  {tenants.length > 1 && (
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Tenant
                    </th>
                  )}
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Added
                  </th>
                  <th scope="col" className="py-2 pr-5 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {watched.data.map((w) => (
                  <tr key={w.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800/60">
                    <td className="py-2 pr-4 pl-5 font-medium text-slate-900 dark:text-white">{w.display}</td>
                    <td className="py-2 pr-4 text-slate-700 dark:text-slate-300">{kindLabels[w.kind]}</td>
                    {tenants.length > 1 && <td className="py-2 pr-4 text-slate-700 dark:text-slate-300">{nameOf(w.tenantId)}</td>}
                    <td className="py-2 pr-4 text-slate-700 dark:text-slate-300">
                      {new Date(w.createdAt).toLocaleDateString()}
                      {w.createdBy ? ` by ${w.createdBy}` : ""}
                    </td>
                    <td className="py-2 pr-5">
                      <div className="flex justify-end gap-2">
                        {domainWatchedKinds.includes(w.kind) && (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-pressed={open === w.id}
                            onClick={() => setOpen(open === w.id ? null : w.id)}
                          >
                            Look-alikes<span className="sr-only"> of {w.display}</span>
                          </Button>
                        )}
                        {canChange(w) && (
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={remove.isPending}
                            onClick={() => remove.mutate(w.id, { onSuccess: () => open === w.id && setOpen(null) })}
                          >
                            Remove<span className="sr-only"> {w.display}</span>
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
      {open && <LookalikeList watchedId={open} />}
    </div>
  );
}
