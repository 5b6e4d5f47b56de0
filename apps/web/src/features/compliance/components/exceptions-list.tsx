import type { ComplianceException, ComplianceTargetKind } from "@watchfloor/shared";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { SmallTable } from "@/components/ui/report-parts";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { complianceControlPath } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { useExceptions, useRevokeException } from "../api/exceptions";

const shown = (items: ComplianceException[], kind?: ComplianceTargetKind) =>
  kind ? items.filter((e) => e.targetKind === null || e.targetKind === kind) : items;

const stateTone = { active: "violet", expired: "amber", revoked: "slate" } as const;

function Revoke({ id, tenantId, title }: { id: string; tenantId: string; title: string }) {
  const revoke = useRevokeException();
  if (!useCan("risk.accept", tenantId)) return null;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        size="sm"
        variant="dangerGhost"
        loading={revoke.isPending}
        onClick={() => revoke.mutate(id)}
        aria-label={`Revoke the exception for ${title}`}
      >
        Revoke
      </Button>
      {revoke.isError && <span className="text-xs text-red-800 dark:text-red-300">{errorMessage(revoke.error)}</span>}
    </span>
  );
}

/** Accepted failing controls: scope, reason, approver, expiry; active ones can be revoked by owners and admins. */
export function ExceptionsList({
  tool,
  controlId,
  targetKind,
  title = "Exceptions",
}: {
  tool?: string;
  controlId?: string;
  /** Only those on targets of this kind, and those on every target of a tenant. */
  targetKind?: ComplianceTargetKind;
  title?: string;
}) {
  const exceptions = useExceptions({ tool, controlId });
  return (
    <Card title={title}>
      {exceptions.isError ? (
        <ErrorState error={exceptions.error} onRetry={() => exceptions.refetch()} />
      ) : exceptions.isPending ? (
        <LoadingState label="Loading exceptions" />
      ) : shown(exceptions.data.items, targetKind).length === 0 ? (
        <EmptyState title="No exceptions">
          A failing control can be accepted from its row: open it and choose "Accept as exception".
        </EmptyState>
      ) : (
        <SmallTable
          caption="Exceptions"
          testId="exceptions-table"
          head={["Control", "Applies to", "Reason", "Approved by", "Expires", "State", ""]}
          rows={shown(exceptions.data.items, targetKind).map((e) => [
            <Link
              key="c"
              to={complianceControlPath(e.tool, e.controlId)}
              className="font-medium text-sky-800 hover:underline dark:text-sky-300"
            >
              {e.title}
            </Link>,
            <span key="s" className="text-xs break-all">
              {e.resourceId ?? e.targetId ?? "Every target"}
              {e.covers > 0 ? ` (${e.covers} result${e.covers === 1 ? "" : "s"})` : ""}
            </span>,
            <span key="r" className="text-xs">
              {e.reason}
            </span>,
            e.approvedBy.name,
            <Time key="x" iso={e.expiresAt} mode="absolute" />,
            <Badge key="t" color={stateTone[e.state]}>
              {e.state}
            </Badge>,
            e.state === "active" ? <Revoke key="v" id={e.id} tenantId={e.tenantId} title={e.title} /> : null,
          ])}
        />
      )}
    </Card>
  );
}
