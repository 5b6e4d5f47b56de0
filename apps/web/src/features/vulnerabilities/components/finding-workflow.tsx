import type { FindingStatus, FindingStatusBody } from "@watchfloor/shared";
import { useState } from "react";
import { MoveButtons, useStatusMove } from "@/components/ui/workflow-actions";
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
      <MoveButtons
        moves={allowedMoves}
        busy={busy}
        error={error}
        label={(next) => (status === "Closed" && next === "Open" ? "Reopen" : labels[next])}
        reopens={(next) => status === "Closed" && next === "Open"}
        onMove={(next) => (next === "Closed" ? setClosing(true) : void move({ status: next }))}
      />
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
