import type { FindingStatus, FindingStatusBody } from "@watchfloor/shared";
import { ArrowRight, CheckCircle2, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/states";
import { describeAllowed, useStatusMove } from "@/components/ui/workflow-actions";
import { errorMessage } from "@/lib/api-client";
import { CloseFindingDialog } from "./close-finding-dialog";

const labels: Record<FindingStatus, string> = {
  Triaged: "Triage",
  "In Progress": "Start remediation",
  Closed: "Close",
  Open: "Back to Open",
};

/**
 * The moves the server allows from the current status, as buttons: an illegal move is never
 * offered. Closing asks for a reason. A refused move (409: someone moved it meanwhile) shows the
 * server's message with the moves allowed now.
 */
export function FindingWorkflow({
  status,
  allowedMoves,
  onMove,
}: {
  status: FindingStatus;
  allowedMoves: FindingStatus[];
  onMove: (body: FindingStatusBody) => Promise<unknown>;
}) {
  const { move, busy, error } = useStatusMove(onMove);
  const [closing, setClosing] = useState(false);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {allowedMoves.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No further moves.</p>}
        {allowedMoves.map((next) => {
          const isClose = next === "Closed";
          const reopen = status === "Closed" && next === "Open";
          return (
            <Button
              key={next}
              size="sm"
              variant={isClose ? "secondary" : "primary"}
              loading={busy === next}
              data-testid={`move-${next}`}
              onClick={() => (isClose ? setClosing(true) : void move({ status: next }))}
            >
              {isClose ? (
                <CheckCircle2 aria-hidden className="size-4" />
              ) : reopen ? (
                <RotateCcw aria-hidden className="size-4" />
              ) : (
                <ArrowRight aria-hidden className="size-4" />
              )}
              {reopen ? "Reopen" : labels[next]}
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
      <CloseFindingDialog
        open={closing}
        onOpenChange={setClosing}
        title="Close this finding"
        description="Say why it is closed; the reason is kept on the finding and in its timeline."
        busy={busy === "Closed"}
        onSubmit={async (body) => {
          if (await move({ status: "Closed", ...body })) setClosing(false);
        }}
      />
    </div>
  );
}
