import { signUpBodySchema } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { LoadingState, Notice } from "@/components/ui/states";
import { paths, safeReturnTo } from "@/config/paths";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { useInvitation } from "../api/get-invitation";
import { useSignUp } from "../api/sign-up";
import { AcceptInvitation } from "./accept-invitation";
import { AuthCard } from "./auth-card";
import { PasswordRules } from "./password-rules";

type Field = "email" | "password" | "displayName" | "jobTitle";
type Errors = Partial<Record<Field | "form", string>>;

export function SignupForm() {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const inviteToken = params.get("invite");
  const invitation = useInvitation(inviteToken);
  const signUp = useSignUp();
  const [values, setValues] = useState({ email: "", password: "", displayName: "", jobTitle: "" });
  const [errors, setErrors] = useState<Errors>({});
  const email = invitation.data?.email ?? values.email;

  if (session?.user && inviteToken) return <AcceptInvitation token={inviteToken} />;

  const closed = !session?.signupOpen && !session?.needsFirstUser && !inviteToken;
  const set = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      email,
      password: values.password,
      displayName: values.displayName,
      jobTitle: values.jobTitle.trim() || undefined,
      inviteToken: inviteToken ?? undefined,
    };
    const parsed = signUpBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await signUp.mutateAsync(parsed.data);
      navigate(safeReturnTo(params.get("returnTo")), { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.details.length > 0) {
        const fields = error.fieldErrors();
        setErrors({ ...fields, form: Object.keys(fields).some((k) => k in values) ? undefined : error.message });
      } else {
        setErrors({ form: errorMessage(error) });
      }
    }
  }

  const signInLink = (
    <>
      Already have an account?{" "}
      <Link to={paths.login} className="font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
        Sign in
      </Link>
    </>
  );

  if (closed) {
    return (
      <AuthCard title="Create your account" footer={signInLink}>
        <Notice tone="info">
          Sign-up needs an invitation. Ask an administrator of your organisation to invite you by e-mail.
        </Notice>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={session?.needsFirstUser ? "Create the first account" : "Create your account"}
      subtitle={session?.needsFirstUser ? "No account exists yet: this one becomes the owner of every tenant." : undefined}
      footer={signInLink}
    >
      {inviteToken && invitation.isPending ? (
        <LoadingState label="Checking your invitation" />
      ) : inviteToken && invitation.isError ? (
        <Notice tone="error">This invitation link is invalid, expired or already used. Ask for a new invitation.</Notice>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {invitation.data && (
            <Notice tone="info">
              You were invited to <strong>{invitation.data.tenantName}</strong> as {invitation.data.role}.
            </Notice>
          )}
          {errors.form && <Notice tone="error">{errors.form}</Notice>}
          <TextField
            label="Full name"
            name="displayName"
            autoComplete="name"
            value={values.displayName}
            onChange={set("displayName")}
            error={errors.displayName}
          />
          <TextField
            label="Job title (optional)"
            name="jobTitle"
            autoComplete="organization-title"
            value={values.jobTitle}
            onChange={set("jobTitle")}
            error={errors.jobTitle}
          />
          <TextField
            label="Work e-mail"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            readOnly={Boolean(invitation.data)}
            onChange={set("email")}
            error={errors.email}
            hint={invitation.data ? "The invitation was sent to this address." : undefined}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set("password")}
            error={errors.password}
            hint={<PasswordRules password={values.password} email={email} />}
          />
          <Button type="submit" className="w-full" loading={signUp.isPending}>
            Create account
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
