import { passwordProblemMessages, passwordProblems, passwordRuleTexts } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/session";
import { useChangePassword } from "../api/change-password";

type Errors = { currentPassword?: string; newPassword?: string; confirm?: string; form?: string };

export function PasswordForm() {
  const user = useCurrentUser();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const next: Errors = {};
    if (!currentPassword) next.currentPassword = "Enter your current password.";
    const problem = passwordProblems(newPassword, user.email)[0];
    if (problem) next.newPassword = passwordProblemMessages[problem];
    if (confirm !== newPassword) next.confirm = "The two new passwords do not match.";
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      setDone(true);
      setCurrent("");
      setNew("");
      setConfirm("");
    } catch (error) {
      if (error instanceof ApiRequestError && error.details.length) setErrors(error.fieldErrors());
      else if (error instanceof ApiRequestError && error.code === "INVALID_CREDENTIALS")
        setErrors({ currentPassword: error.message });
      else setErrors({ form: errorMessage(error) });
    }
  }

  return (
    <Card title="Change password">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {errors.form && <Notice tone="error">{errors.form}</Notice>}
        {done && <Notice tone="success">Password changed.</Notice>}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
          error={errors.newPassword}
          hint={
            <ul className="list-disc space-y-0.5 pl-4">
              {passwordRuleTexts.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          }
        />
        <TextField
          label="Repeat new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </form>
    </Card>
  );
}
