import { profileUpdateBodySchema } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/session";
import { useUpdateProfile } from "../api/update-profile";

type Errors = { displayName?: string; jobTitle?: string; form?: string };

export function ProfileForm() {
  const user = useCurrentUser();
  const update = useUpdateProfile();
  const [displayName, setDisplayName] = useState(user.displayName);
  const [jobTitle, setJobTitle] = useState(user.jobTitle);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = profileUpdateBodySchema.safeParse({ displayName, jobTitle });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as "displayName" | "jobTitle"] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      setSaved(true);
    } catch (error) {
      setErrors(error instanceof ApiRequestError && error.details.length ? error.fieldErrors() : { form: errorMessage(error) });
    }
  }

  return (
    <Card title="Profile">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {errors.form && <Notice tone="error">{errors.form}</Notice>}
        {saved && <Notice tone="success">Profile saved.</Notice>}
        <TextField
          label="E-mail"
          value={user.email}
          readOnly
          hint="Your e-mail is your sign-in name; an administrator can change it."
        />
        <TextField
          label="Full name"
          name="displayName"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          error={errors.displayName}
        />
        <TextField
          label="Job title"
          name="jobTitle"
          value={jobTitle}
          onChange={(e) => setJobTitle(e.target.value)}
          error={errors.jobTitle}
        />
        <Button type="submit" loading={update.isPending}>
          Save profile
        </Button>
      </form>
    </Card>
  );
}
