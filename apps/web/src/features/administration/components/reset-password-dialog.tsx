import * as Dialog from "@radix-ui/react-dialog";
import { type Member, passwordProblemMessages, passwordProblems, passwordRuleTexts } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useResetPassword } from "../api/members";

export function ResetPasswordDialog({ member }: { member: Member }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const reset = useResetPassword();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblems(password, member.email)[0];
    if (problem) return setError(passwordProblemMessages[problem]);
    setError(undefined);
    try {
      await reset.mutateAsync({ userId: member.userId, newPassword: password });
    } catch (e) {
      setError(e instanceof ApiRequestError ? (e.fieldErrors().newPassword ?? e.message) : errorMessage(e));
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword("");
          setError(undefined);
          reset.reset();
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          Reset password
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,440px)] -translate-x-1/2 -translate-y-1/2 animate-fade-in rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
            Reset password for {member.displayName}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            This sets a temporary password: their sessions end, locks are cleared, and their next sign-in must choose a new one.
            Give it to them over a separate channel. You can do this only for people all of whose tenants you manage.
          </Dialog.Description>
          {reset.isSuccess ? (
            <div className="mt-4 space-y-4">
              <Notice tone="success">Temporary password set. They will choose their own at their next sign-in.</Notice>
              <Dialog.Close asChild>
                <Button>Done</Button>
              </Dialog.Close>
            </div>
          ) : (
            <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
              <TextField
                label="New password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={error}
                hint={
                  <ul className="list-disc pl-4">
                    {passwordRuleTexts.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                }
              />
              <div className="flex justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                <Button type="submit" loading={reset.isPending}>
                  Reset password
                </Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
