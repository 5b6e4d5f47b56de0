import { errorCodes, signInBodySchema } from "@watchfloor/shared";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button, buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { paths, safeReturnTo } from "@/config/paths";
import { ApiRequestError } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { useSignIn } from "../api/sign-in";
import { AuthCard } from "./auth-card";

const ssoErrors: Record<string, string> = {
  sso_failed: "Single sign-on failed. Try again, or sign in with your e-mail and password.",
  sso_state: "The single sign-on attempt expired or was started in another tab. Start it again.",
  sso_no_account:
    "Your identity provider signed you in, but no Watchfloor account matches that e-mail. Ask an administrator for an invitation.",
  sso_email_unverified: "Your identity provider has not verified your e-mail address, so it cannot be used to sign in here.",
};

type Errors = { email?: string; password?: string; form?: string };

export function LoginForm() {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const returnTo = safeReturnTo(params.get("returnTo"));
  const rawReturnTo = params.get("returnTo");
  const expired = params.get("expired") === "1" || session?.sessionExpired === true;
  const ssoError = params.get("error");

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = signInBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await signIn.mutateAsync(parsed.data);
      navigate(returnTo, { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === errorCodes.validation && error.details.length > 0) {
        setErrors(error.fieldErrors());
      } else {
        setErrors({ form: error instanceof Error ? error.message : "Sign-in failed." });
      }
    }
  }

  const ssoHref = `/api/v1/auth/oidc/start?${new URLSearchParams({ returnTo })}`;
  const signupHref = rawReturnTo ? `${paths.signup}?${new URLSearchParams({ returnTo: rawReturnTo })}` : paths.signup;

  return (
    <AuthCard
      title="Sign in to Watchfloor"
      subtitle="Use your work e-mail and password."
      footer={
        session?.signupOpen || session?.needsFirstUser ? (
          <>
            No account yet?{" "}
            <Link to={signupHref} className="font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
              Create one
            </Link>
          </>
        ) : (
          "Need an account? Ask an administrator for an invitation."
        )
      }
    >
      <div className="space-y-4">
        {session?.needsFirstUser && (
          <Notice tone="info">
            No account exists yet:{" "}
            <Link to={paths.signup} className="font-semibold underline">
              create the first one
            </Link>
            , it becomes the owner.
          </Notice>
        )}
        {expired && !errors.form && <Notice tone="info">Your session has expired, sign in again.</Notice>}
        {ssoError && <Notice tone="error">{ssoErrors[ssoError] ?? "Single sign-on failed. Try again."}</Notice>}
        {errors.form && <Notice tone="error">{errors.form}</Notice>}
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <Button type="submit" className="w-full" loading={signIn.isPending}>
            Sign in
          </Button>
        </form>
        {session?.sso.enabled && (
          <>
            <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" /> or{" "}
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            </div>
            {/* A full page load: the identity provider's redirect cannot happen inside fetch. */}
            <a href={ssoHref} className={`${buttonClass("secondary")} w-full`}>
              <KeyRound aria-hidden className="size-4" /> {session.sso.label}
            </a>
          </>
        )}
      </div>
    </AuthCard>
  );
}
