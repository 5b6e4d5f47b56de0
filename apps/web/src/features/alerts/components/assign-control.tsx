import { UserMinus, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { useCurrentUser } from "@/lib/session";
import { useAssignAlert } from "../api/alert-actions";
import { useTenantMembers } from "@/lib/tenant-members";

/**
 * Assignee picker. The member list needs admin rights in the tenant; without them (or if it
 * fails) the control offers "Assign to me" and "Unassign", which every analyst may do.
 */
export function AssignControl({ alertId, tenantId, assignee }: { alertId: string; tenantId: string; assignee: string | null }) {
  const me = useCurrentUser();
  const isAdmin = useCan("members.manage", tenantId);
  const members = useTenantMembers(tenantId, isAdmin);
  const assign = useAssignAlert(alertId);
  const candidates = (members.data ?? []).filter((m) => m.role !== "executive");
  const current = candidates.find((m) => m.displayName === assignee)?.userId ?? "";
  // Imported alerts may name an analyst who has no account here: keep the name visible.
  const external = assignee && !current ? assignee : null;

  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-800 dark:text-slate-200">
        {assignee ? (
          <>
            Assigned to <span className="font-medium">{assignee}</span>
          </>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">Nobody is assigned.</span>
        )}
      </p>
      {members.isSuccess && candidates.length > 0 ? (
        <div>
          <label htmlFor="assignee" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Assignee
          </label>
          <select
            id="assignee"
            value={current}
            disabled={assign.isPending}
            onChange={(e) => assign.mutate(e.target.value && e.target.value !== "__unassign" ? e.target.value : null)}
            className="h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">{external ? `${external} (no account here)` : "Unassigned"}</option>
            {external && <option value="__unassign">Unassign</option>}
            {candidates.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.displayName}
                {m.userId === me.id ? " (you)" : ""}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {assignee !== me.displayName && (
            <Button size="sm" variant="secondary" loading={assign.isPending} onClick={() => assign.mutate(me.id)}>
              <UserPlus aria-hidden className="size-4" /> Assign to me
            </Button>
          )}
          {assignee && (
            <Button size="sm" variant="ghost" disabled={assign.isPending} onClick={() => assign.mutate(null)}>
              <UserMinus aria-hidden className="size-4" /> Unassign
            </Button>
          )}
        </div>
      )}
      {assign.isError && <Notice tone="error">{errorMessage(assign.error)}</Notice>}
    </div>
  );
}
