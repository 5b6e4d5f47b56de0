import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
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
            <button
              type="button"
              role="switch"
              aria-checked={setting.data.open}
              aria-labelledby="signup-open-label"
              disabled={update.isPending}
              onClick={() => update.mutate(!setting.data.open)}
              className={cn(
                "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60",
                setting.data.open ? "bg-sky-700" : "bg-slate-400 dark:bg-slate-600",
              )}
            >
              <span
                className={cn(
                  "inline-block size-5 rounded-full bg-white shadow transition-transform",
                  setting.data.open ? "translate-x-5.5" : "translate-x-0.5",
                )}
              />
            </button>
          </div>
        </div>
      )}
    </Card>
  );
}
