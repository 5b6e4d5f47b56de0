import { CheckCircle2, UserMinus, UserPlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { resolutionTypes } from "@watchfloor/shared";
import { BulkBarFrame, type BulkOutcome, BulkResultNotice } from "@/components/ui/bulk-bar";
import { type Resolution, ResolutionDialog } from "@/components/ui/resolution-dialog";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/session";
import { useAssignableMembers } from "@/lib/tenant-members";

/** A feature's bulk mutation (`POST /<things>/bulk-update`): one outcome per row. */
export type BulkMutation<A> = {
  mutateAsync: (body: { ids: string[]; action: A }) => Promise<Omit<BulkOutcome, "names">>;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/** What the close dialog gets: `submit` runs the close action on the selection and reports success. */
export type BulkCloseDialog<A> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  busy: boolean;
  submit: (action: A) => Promise<void>;
};

type Props<Row extends { id: string; tenantId: string }, A, S extends string> = {
  selected: string[];
  rows: Row[];
  onClear: () => void;
  /** How a refused row is named in the outcome ("Port scan", "OpenSSL … (web-01)"). */
  rowName: (row: Row) => string;
  /** "alert(s)", "finding(s)". */
  noun: string;
  mutation: BulkMutation<A>;
  /** The feature's action bodies for assigning (null: unassign) and moving to a status. */
  actions: { assign: (userId: string | null) => A; status: (status: S) => A };
  /** Statuses offered by "Set status…". */
  statuses: readonly S[];
  /** Ids of the selects: `<idPrefix>-status`, `<idPrefix>-assignee`. */
  idPrefix: string;
  /** Offer "Assign to…" with the tenant's members (when every selected row is in one tenant). */
  assignToMembers?: boolean;
  closeLabel: string;
  /** The feature's close dialog (resolution, reason...). */
  closeDialog: (dialog: BulkCloseDialog<A>) => ReactNode;
};

const selectClass =
  "h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";

/**
 * Actions on a list's selected rows: assign to me (or to a member), unassign, set status, close.
 * Each row succeeds or fails on its own (the server says which moves it allows), and refusals are
 * listed by name, captured when the action ran because the rows may leave the list once it refetches.
 */
export function BulkActions<Row extends { id: string; tenantId: string }, A, S extends string>(props: Props<Row, A, S>) {
  const { selected, rows, onClear, rowName, noun, mutation, actions, statuses, idPrefix } = props;
  const me = useCurrentUser();
  const [closing, setClosing] = useState(false);
  const [result, setResult] = useState<BulkOutcome | null>(null);
  const chosen = rows.filter((r) => selected.includes(r.id));
  // Assigning to someone else needs the member list: only when every selected row is in one tenant.
  const tenantIds = new Set(chosen.map((r) => r.tenantId));
  const tenantId = tenantIds.size === 1 ? ([...tenantIds][0] ?? null) : null;
  const { candidates } = useAssignableMembers(tenantId, Boolean(props.assignToMembers) && selected.length > 0);

  async function run(action: A) {
    setResult(null);
    try {
      const outcome = await mutation.mutateAsync({ ids: selected, action });
      setResult({ ...outcome, names: Object.fromEntries(chosen.map((r) => [r.id, rowName(r)])) });
      onClear();
      return true;
    } catch {
      return false;
    }
  }
  const busy = mutation.isPending;

  return (
    <div className="space-y-2">
      {selected.length > 0 && (
        <BulkBarFrame count={selected.length} onClear={onClear}>
          <Button size="sm" variant="secondary" onClick={() => run(actions.assign(me.id))} disabled={busy}>
            <UserPlus aria-hidden className="size-4" /> Assign to me
          </Button>
          {candidates.length > 0 && (
            <>
              <label htmlFor={`${idPrefix}-assignee`} className="sr-only">
                Assign selected to
              </label>
              <select
                id={`${idPrefix}-assignee`}
                value=""
                disabled={busy}
                onChange={(e) => e.target.value && run(actions.assign(e.target.value))}
                className={selectClass}
              >
                <option value="">Assign to…</option>
                {candidates.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.displayName}
                  </option>
                ))}
              </select>
            </>
          )}
          <Button size="sm" variant="secondary" onClick={() => run(actions.assign(null))} disabled={busy}>
            <UserMinus aria-hidden className="size-4" /> Unassign
          </Button>
          <label htmlFor={`${idPrefix}-status`} className="sr-only">
            Move selected to status
          </label>
          <select
            id={`${idPrefix}-status`}
            value=""
            disabled={busy}
            onChange={(e) => e.target.value && run(actions.status(e.target.value as S))}
            className={selectClass}
          >
            <option value="">Set status…</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <Button size="sm" onClick={() => setClosing(true)} disabled={busy}>
            <CheckCircle2 aria-hidden className="size-4" /> {props.closeLabel}
          </Button>
        </BulkBarFrame>
      )}
      {mutation.isError && <Notice tone="error">{errorMessage(mutation.error)}</Notice>}
      {result && <BulkResultNotice result={result} noun={noun} />}
      {props.closeDialog({
        open: closing,
        onOpenChange: setClosing,
        title: `Close ${selected.length} ${noun}`,
        busy,
        submit: async (action) => {
          if (await run(action)) setClosing(false);
        },
      })}
    </div>
  );
}

/** The close dialog of lists closed with a resolution (alerts, incidents): "Every selected <noun> is closed with this resolution." */
export function resolutionClose<A>(noun: string, action: (resolution: Resolution) => A) {
  return (d: BulkCloseDialog<A>) => (
    <ResolutionDialog
      open={d.open}
      onOpenChange={d.onOpenChange}
      title={d.title}
      description={`Every selected ${noun} is closed with this resolution.`}
      types={resolutionTypes}
      busy={d.busy}
      onSubmit={(resolution) => d.submit(action(resolution))}
    />
  );
}
