import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { Spinner } from "@/components/ui/spinner";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { accountSecurityQueryOptions, newRecoveryCodes, removeFactor, useAccountSecurity } from "../api/account-security";
import { EnrolSecondFactor, RecoveryCodesNotice } from "./enrol-second-factor";

/** The profile's second-factor section: what the account has, add, remove, new recovery codes. */
export function SecurityCard() {
  const security = useAccountSecurity();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<{ action: "remove"; factorId: string } | { action: "codes" } | null>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  async function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (!confirming) return;
    setError(null);
    try {
      if (confirming.action === "remove") await removeFactor(confirming.factorId, password);
      else setCodes((await newRecoveryCodes(password)).codes);
      setConfirming(null);
      setPassword("");
      await queryClient.invalidateQueries({ queryKey: accountSecurityQueryOptions.queryKey });
    } catch (e) {
      setError(e instanceof ApiRequestError && e.details[0] ? e.details[0].message : errorMessage(e));
    }
  }

  return (
    <Card title="Second factor">
      {security.isPending ? (
        <Spinner label="Loading second factors" />
      ) : security.isError ? (
        <Notice tone="error">{errorMessage(security.error)}</Notice>
      ) : codes ? (
        <RecoveryCodesNotice codes={codes} onDone={() => setCodes(null)} />
      ) : (
        <div className="space-y-4">
          {security.data.requiredBy.length > 0 && (
            <Notice tone="info">{security.data.requiredBy.join(", ")} requires a second factor.</Notice>
          )}
          {security.data.factors.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              No second factor yet: a stolen password is enough to sign in as you.
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="second-factors">
              {security.data.factors.map((f) => (
                <li key={f.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span>
                    <span className="font-medium">{f.label}</span> ({f.kind === "totp" ? "authenticator app" : "passkey"}), added{" "}
                    {new Date(f.createdAt).toLocaleDateString()}
                    {f.lastUsedAt ? `, last used ${new Date(f.lastUsedAt).toLocaleString()}` : ""}
                  </span>
                  <Button variant="secondary" size="sm" onClick={() => setConfirming({ action: "remove", factorId: f.id })}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {security.data.factors.length > 0 && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {security.data.recoveryCodesLeft} recovery codes left.{" "}
              <button
                type="button"
                className="font-medium text-sky-700 underline dark:text-sky-400"
                onClick={() => setConfirming({ action: "codes" })}
              >
                Make new ones
              </button>
            </p>
          )}
          {confirming && (
            <form
              noValidate
              onSubmit={onConfirm}
              className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
            >
              {error && <Notice tone="error">{error}</Notice>}
              <TextField
                label="Your password, to confirm"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <div className="flex gap-2">
                <Button type="submit">{confirming.action === "remove" ? "Remove the factor" : "Make new codes"}</Button>
                <Button variant="secondary" onClick={() => setConfirming(null)}>
                  Cancel
                </Button>
              </div>
            </form>
          )}
          {adding ? (
            <EnrolSecondFactor onDone={() => setAdding(false)} />
          ) : (
            <Button onClick={() => setAdding(true)}>Add a second factor</Button>
          )}
        </div>
      )}
    </Card>
  );
}
