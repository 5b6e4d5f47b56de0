import { useNavigate } from "react-router";
import { Button, buttonClass } from "@/components/ui/button";
import { LoadingState, Notice } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useAcceptInvitation } from "../api/accept-invitation";
import { useInvitation } from "../api/get-invitation";
import { AuthCard } from "./auth-card";

/** A signed-in person opening an invitation link joins the tenant instead of creating an account. */
export function AcceptInvitation({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  return (
    <AuthCard title="Accept invitation">
      {invitation.isPending ? (
        <LoadingState label="Checking your invitation" />
      ) : invitation.isError ? (
        <Notice tone="error">This invitation link is invalid, expired or already used.</Notice>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            You were invited to <strong>{invitation.data.tenantName}</strong> as {invitation.data.role} ({invitation.data.email}).
          </p>
          {accept.isError && <Notice tone="error">{errorMessage(accept.error)}</Notice>}
          <div className="flex gap-2">
            <Button
              loading={accept.isPending}
              onClick={() => accept.mutate(token, { onSuccess: () => navigate(paths.dashboard, { replace: true }) })}
            >
              Accept invitation
            </Button>
            <a href={paths.dashboard} className={buttonClass("secondary")}>
              Not now
            </a>
          </div>
        </div>
      )}
    </AuthCard>
  );
}
