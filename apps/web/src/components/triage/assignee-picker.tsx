import { UserMinus, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/session";
import { useAssignableMembers } from "@/lib/tenant-members";

type Props = {
  /** Id of the select ("assignee", "finding-assignee"). */
  id: string;
  tenantId: string;
  /** The current assignee's name, as the record shows it. */
  assignee: string | null;
  /** The feature's assign mutation: a user id, or null to unassign. */
  assign: { mutate: (userId: string | null) => void; isPending: boolean; isError: boolean; error: unknown };
  /** Without write rights in the tenant the name is shown, nothing more. */
  readOnly?: boolean;
};

/**
 * Assignee picker of a detail page. The member list needs admin rights in the tenant; without them
 * (or if it fails) the control offers "Assign to me" and "Unassign", which every analyst may do.
 */
export function AssigneePicker({ id, tenantId, assignee, assign, readOnly }: Props) {
  const me = useCurrentUser();
  const { query, candidates } = useAssignableMembers(tenantId, !readOnly);
  const current = candidates.find((m) => m.displayName === assignee)?.userId ?? "";
  // Imported records may name someone who has no account here: keep the name visible.
  const external = assignee && !current ? assignee : null;

  if (readOnly) return <p className="text-sm text-slate-800 dark:text-slate-200">{assignee ?? "Nobody is assigned."}</p>;
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
      {query.isSuccess && candidates.length > 0 ? (
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Assignee
          </label>
          <select
            id={id}
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
