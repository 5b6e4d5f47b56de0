import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { Switch } from "@/components/ui/switch";
import { useSetSignupOpen, useSignupSetting } from "../api/signup-settings";

/** Platform admins only: whether anyone may create an account without an invitation. */
export function SignupToggle() {
  const setting = useSignupSetting(true);
  const update = useSetSignupOpen();
  return (
    <Card title="Self-service sign-up">
      {setting.isPending ? (
        <LoadingState />
      ) : setting.isError ? (
        <ErrorState error={setting.error} onRetry={() => setting.refetch()} />
      ) : (
        <div className="space-y-3">
          {update.isError && <Notice tone="error">{errorMessage(update.error)}</Notice>}
          <div className="flex items-center justify-between gap-4">
            <div>
              <p id="signup-open-label" className="text-sm font-medium text-slate-900 dark:text-white">
                Open sign-up
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {setting.data.open
                  ? "Anyone who reaches this server can create an account (with no tenant access until invited)."
                  : "Closed: people need an invitation to create an account."}
              </p>
            </div>
            <Switch
              checked={setting.data.open}
              onChange={(open) => update.mutate(open)}
              disabled={update.isPending}
              labelledBy="signup-open-label"
            />
          </div>
        </div>
      )}
    </Card>
  );
}
