import { type IncidentStatus, isOpenStatus, resolutionTypes, type TransitionBody } from "@watchfloor/shared";
import { ArrowRight, CheckCircle2, RotateCcw } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { Button } from "./button";
import { ResolutionDialog } from "./resolution-dialog";
import { Notice } from "./states";

const labels: Partial<Record<IncidentStatus, string>> = {
  Acknowledged: "Acknowledge",
  "In Progress": "Start work",
  Resolved: "Resolve",
  Closed: "Close",
};

/**
 * The next statuses the server allows, as buttons. Closing an open item asks for a resolution
 * (type and notes). A refused move (409, e.g. someone moved it meanwhile) shows the server's
 * message, which names the moves that are allowed now.
 */
export function WorkflowActions({
  status,
  allowedMoves,
  onTransition,
}: {
  status: IncidentStatus;
  allowedMoves: string[];
  onTransition: (body: TransitionBody) => Promise<unknown>;
}) {
  const { move, busy, error } = useStatusMove(onTransition);
  const [closing, setClosing] = useState(false);

  const reopen = !isOpenStatus(status);
  return (
    <div className="space-y-3">
      <MoveButtons
        moves={allowedMoves as IncidentStatus[]}
        busy={busy}
        error={error}
        label={(next) => (reopen && next === "In Progress" ? "Reopen" : (labels[next] ?? next))}
        reopens={() => reopen}
        onMove={(next) => (next === "Closed" && isOpenStatus(status) ? setClosing(true) : void move({ status: next }))}
      />
      <ResolutionDialog
        open={closing}
        onOpenChange={setClosing}
        title="Close with a resolution"
        types={resolutionTypes}
        onSubmit={async (resolution) => {
          if (await move({ status: "Closed", ...resolution })) setClosing(false);
        }}
      />
    </div>
  );
}

/**
 * The moves the server allows, as buttons (an illegal move is never offered), and the last refusal
 * with the moves allowed now. "Closed" is the quiet secondary button; `onMove` decides whether a
 * move needs a dialog first.
 */
export function MoveButtons<S extends string>({
  moves,
  busy,
  error,
  label,
  reopens,
  onMove,
}: {
  moves: readonly S[];
  busy: string | null;
  error: unknown;
  label: (next: S) => string;
  reopens: (next: S) => boolean;
  onMove: (next: S) => void;
}) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {moves.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No further moves.</p>}
        {moves.map((next) => {
          const isClose = next === "Closed";
          return (
            <Button
              key={next}
              size="sm"
              variant={isClose ? "secondary" : "primary"}
              loading={busy === next}
              data-testid={`move-${next}`}
              onClick={() => onMove(next)}
            >
              {isClose ? (
                <CheckCircle2 aria-hidden className="size-4" />
              ) : reopens(next) ? (
                <RotateCcw aria-hidden className="size-4" />
              ) : (
                <ArrowRight aria-hidden className="size-4" />
              )}
              {label(next)}
            </Button>
          );
        })}
      </div>
      {error != null && (
        <Notice tone="error">
          {errorMessage(error)}
          {describeAllowed(error)}
        </Notice>
      )}
    </>
  );
}

/**
 * One status move at a time: which move is in flight, and the last refusal. Resolves true when
 * the server accepted the move (so a dialog can close), false when it refused.
 */
export function useStatusMove<B extends { status: string }>(onMove: (body: B) => Promise<unknown>) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  async function move(body: B) {
    setBusy(body.status);
    setError(null);
    try {
      await onMove(body);
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(null);
    }
  }
  return { move, busy, error };
}

/** The 409 details carry "allowed: A, B"; shown after the message (unless it already says so). */
export function describeAllowed(error: unknown): string {
  const details = (error as { details?: { path?: string; message: string }[] }).details;
  const allowed = details?.find((d) => d.path === "status")?.message;
  return allowed && !errorMessage(error).includes(allowed) ? ` (${allowed})` : "";
}
