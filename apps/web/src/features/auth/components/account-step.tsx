import { errorCodes, passwordProblemMessages, passwordProblems } from "@watchfloor/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { paths, safeReturnTo } from "@/config/paths";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { refreshSession, useCurrentUser } from "@/lib/session";
import { replaceTemporaryPassword, useAccountSecurity, verifySecondFactor, verifyWithPasskey } from "../api/account-security";
import { signOut } from "../api/sign-out";
import { AuthCard } from "./auth-card";
import { EnrolSecondFactor } from "./enrol-second-factor";
import { PasswordRules } from "./password-rules";

/**
 * What a signed-in session must do before anything else (the server's `pending`): prove the
 * second factor, replace a temporary password, or enrol a second factor a tenant requires.
 */
export function AccountStep() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Done: reread the session; the route guard sends the person to the next step or on.
  const next = async () => {
    await refreshSession();
    navigate(safeReturnTo(params.get("returnTo")), { replace: true });
  };
  const leave = async () => {
    await signOut();
    navigate(paths.login, { replace: true });
  };
  const footer = (
    <button
      type="button"
      onClick={leave}
      className="font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
    >
      Sign out
    </button>
  );
  if (user.pending === "second_factor")
    return <SecondFactorStep kinds={user.secondFactors} onDone={next} onLocked={leave} footer={footer} />;
  if (user.pending === "password_change") return <TemporaryPasswordStep email={user.email} onDone={next} footer={footer} />;
  return (
    <AuthCard title="Set up a second factor" subtitle={<RequiredBy />} footer={footer}>
      <EnrolSecondFactor onDone={next} />
    </AuthCard>
  );
}

function RequiredBy() {
  const security = useAccountSecurity();
  const names = security.data?.requiredBy ?? [];
  return names.length
    ? `${names.join(", ")} requires a second factor for every member.`
    : "A tenant you belong to requires a second factor.";
}

function SecondFactorStep({
  kinds,
  onDone,
  onLocked,
  footer,
}: {
  kinds: ("totp" | "passkey")[];
  onDone: () => void;
  onLocked: () => void;
  footer: ReactNode;
}) {
  const hasTotp = kinds.includes("totp");
  const [method, setMethod] = useState<"totp" | "recovery">(hasTotp ? "totp" : "recovery");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function attempt(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      onDone();
    } catch (e) {
      if (e instanceof ApiRequestError && e.code === errorCodes.locked) {
        setError(e.message);
        setTimeout(onLocked, 4000);
      } else setError(e instanceof ApiRequestError && e.details[0] ? e.details[0].message : errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const passkey = (variant: "primary" | "secondary") =>
    kinds.includes("passkey") && (
      <Button variant={variant} className="w-full" disabled={busy} onClick={() => attempt(verifyWithPasskey)}>
        Use a passkey
      </Button>
    );

  return (
    <AuthCard title="Confirm it is you" subtitle="Your account has a second factor." footer={footer}>
      <div className="space-y-4">
        {error && <Notice tone="error">{error}</Notice>}
        {/* A passkey-only account signs in with its passkey first; a recovery code is the fallback. */}
        {!hasTotp && passkey("primary")}
        <form
          noValidate
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            attempt(() => verifySecondFactor({ method, code }));
          }}
          className="space-y-4"
        >
          <TextField
            label={method === "totp" ? "Code from your authenticator app" : "Recovery code"}
            inputMode={method === "totp" ? "numeric" : "text"}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" variant={hasTotp ? "primary" : "secondary"} className="w-full" loading={busy}>
            Verify
          </Button>
        </form>
        {hasTotp && passkey("secondary")}
        {/* Without an authenticator app the form only takes recovery codes: nothing to switch. */}
        {hasTotp && (
          <button
            type="button"
            className="text-sm font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
            onClick={() => {
              setMethod(method === "totp" ? "recovery" : "totp");
              setCode("");
            }}
          >
            {method === "totp" ? "Use a recovery code" : "Use the authenticator app"}
          </button>
        )}
      </div>
    </AuthCard>
  );
}

function TemporaryPasswordStep({ email, onDone, footer }: { email: string; onDone: () => void; footer: ReactNode }) {
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblems(password, email)[0];
    if (problem) return setErrors({ newPassword: passwordProblemMessages[problem] });
    setBusy(true);
    try {
      await replaceTemporaryPassword(current, password);
      onDone();
    } catch (e) {
      setErrors(e instanceof ApiRequestError && e.details.length ? e.fieldErrors() : { form: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="An administrator set a temporary password for your account."
      footer={footer}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {errors.form && <Notice tone="error">{errors.form}</Notice>}
        <TextField
          label="Temporary password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.newPassword}
        />
        <PasswordRules password={password} email={email} />
        <Button type="submit" className="w-full" loading={busy}>
          Save and continue
        </Button>
      </form>
    </AuthCard>
  );
}
