import type { TotpEnrolment } from "@watchfloor/shared";
import { useQueryClient } from "@tanstack/react-query";
import { toDataURL } from "qrcode";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { accountSecurityQueryOptions, addPasskey, confirmTotp, startTotp } from "../api/account-security";

/** Ten one-time codes, shown once: the way in when the phone or key is lost. */
export function RecoveryCodesNotice({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join("\n");
  return (
    <div className="space-y-3" data-testid="recovery-codes">
      <Notice tone="info">
        Save these recovery codes somewhere safe. Each works once in place of your second factor; they are not shown again.
      </Notice>
      <ul className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-3 font-mono text-sm dark:border-slate-700">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} label="Copy codes" />
        <a
          className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium dark:border-slate-600"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Watchfloor recovery codes\n\n${text}\n`)}`}
          download="watchfloor-recovery-codes.txt"
        >
          Download
        </a>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/**
 * Adds a second factor: an authenticator app (QR code, or the key typed in) confirmed with a
 * code, or a passkey on this device. The first factor comes with recovery codes.
 */
export function EnrolSecondFactor({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (enrolment) toDataURL(enrolment.uri, { margin: 1, width: 192 }).then(setQr, () => setQr(null));
  }, [enrolment]);

  const finished = async (recoveryCodes: string[] | null) => {
    await queryClient.invalidateQueries({ queryKey: accountSecurityQueryOptions.queryKey });
    if (recoveryCodes) setCodes(recoveryCodes);
    else onDone();
  };

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof ApiRequestError && e.details[0] ? e.details[0].message : errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (!enrolment) return;
    await run(async () => finished((await confirmTotp(enrolment.factorId, code)).recoveryCodes));
  }

  if (codes) return <RecoveryCodesNotice codes={codes} onDone={onDone} />;
  return (
    <div className="space-y-4" data-testid="enrol-second-factor">
      {error && <Notice tone="error">{error}</Notice>}
      {!enrolment ? (
        <div className="flex flex-wrap gap-2">
          <Button loading={busy} onClick={() => run(async () => setEnrolment(await startTotp()))}>
            Add authenticator app
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => run(async () => finished((await addPasskey("Passkey")).recoveryCodes))}
          >
            Add passkey
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onConfirm} className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Scan the code with your authenticator app, or type the key in, then enter the six digits it shows.
          </p>
          {qr && (
            <img src={qr} alt="QR code holding the key for your authenticator app" className="size-48 rounded bg-white p-1" />
          )}
          <p className="text-sm">
            Key:{" "}
            <code data-testid="totp-secret" className="font-mono break-all">
              {enrolment.secret}
            </code>
          </p>
          <TextField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" loading={busy}>
            Confirm
          </Button>
        </form>
      )}
    </div>
  );
}
