import { Crosshair } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { cn } from "@/lib/cn";
import { useScopes } from "../api/ctem";
import { CreateScopeDialog } from "./create-scope-dialog";
import { scoreTone } from "./exposure-list";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
import { ScopeDetail } from "./scope-detail";

/**
 * CTEM (docs/ctem.md): scopes with their exposure score; the chosen one (?scope=) below with its
 * ranked exposures, validation and tasks. `writable`: tenants with CTEM where the person may change data.
 */
export function CtemPage({
  writable,
  tenantName,
}: {
  writable: { id: string; name: string }[];
  tenantName?: (id: string) => string;
}) {
  const scopes = useScopes();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const canWrite = writable.length > 0;
  const choose = (id: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set("scope", id);
      return next;
    });
  const selected = params.get("scope") ?? scopes.data?.items[0]?.id ?? null;

  let list: ReactNode;
  if (scopes.isPending) list = <LoadingState label="Loading scopes" />;
  else if (scopes.isError)
    list = <ErrorState title="Could not load scopes" error={scopes.error} onRetry={() => scopes.refetch()} />;
  else if (scopes.data.items.length === 0)
    list = (
      <EmptyState title="No scopes yet" icon={<Crosshair aria-hidden className="size-8" />}>
        <span data-testid="ctem-empty">
          A scope groups assets (by name, department or internet exposure) so their exposures are scored and worked together.
        </span>
      </EmptyState>
    );
  else
    list = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="scope-list">
        {scopes.data.items.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              onClick={() => choose(s.id)}
              aria-current={s.id === selected ? "true" : undefined}
              className={cn(
                "flex w-full items-center gap-3 rounded-md px-2 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-slate-800",
                s.id === selected && "bg-sky-50 dark:bg-sky-950/40",
              )}
            >
              <Badge color={scoreTone(s.score)} className="w-14 justify-center tabular-nums">
                {s.score}
              </Badge>
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words">{s.name}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {plural(s.exposures, "exposure")} on {plural(s.assets, "asset")} · {s.owner.name ?? "No owner"}
                  {tenantName && ` · ${tenantName(s.tenantId)}`}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="space-y-6">
      <Card
        title="Scopes"
        actions={
          canWrite ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              Create scope
            </Button>
          ) : undefined
        }
      >
        {list}
      </Card>
      {selected && scopes.isSuccess && scopes.data.items.some((s) => s.id === selected) && (
        <ScopeDetail
          id={selected}
          canWrite={canWrite}
          onDeleted={() =>
            setParams((p) => {
              const next = new URLSearchParams(p);
              next.delete("scope");
              return next;
            })
          }
        />
      )}
      {creating && (
        <CreateScopeDialog
          tenants={writable}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            choose(id);
          }}
        />
      )}
    </div>
  );
}
