import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type {
  AccountSecurity,
  RecoveryCodes,
  SecondFactorEnrolled,
  SecondFactorVerifyBody,
  TotpEnrolment,
} from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshSession } from "@/lib/session";

/** Second factors, recovery codes and which tenants require them (profile and enrolment). */
export const accountSecurityQueryOptions = queryOptions({
  queryKey: ["account-security"],
  queryFn: () => api.get<AccountSecurity>("/auth/security"),
});

export const useAccountSecurity = () => useQuery(accountSecurityQueryOptions);

export const startTotp = () => api.post<TotpEnrolment>("/auth/security/totp", {});
export const confirmTotp = (factorId: string, code: string) =>
  api.post<SecondFactorEnrolled>("/auth/security/totp/confirm", { factorId, code });

/**
 * The browser's WebAuthn errors in words a person can act on. Browsers give one error for
 * "cancelled", "timed out" and "no matching passkey on this device" on purpose (so a site cannot
 * probe which credentials a device holds), and its text points at the specification.
 */
function passkeyError(error: unknown, registering: boolean): unknown {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") {
    return new Error(
      registering
        ? "No passkey was made: the request was cancelled or timed out. Try again when your device asks."
        : "No passkey of this account answered: the request was cancelled, timed out, or this device has none. Try again, or use a recovery code.",
    );
  }
  if (name === "InvalidStateError" && registering) return new Error("This device already holds a passkey for your account.");
  return error;
}

/** Registers a passkey on this device (the browser asks for the authenticator). */
export async function addPasskey(label: string): Promise<SecondFactorEnrolled> {
  const optionsJSON = await api.post<Parameters<typeof startRegistration>[0]["optionsJSON"]>("/auth/security/passkeys/options");
  const response = await startRegistration({ optionsJSON }).catch((e: unknown) => {
    throw passkeyError(e, true);
  });
  return api.post<SecondFactorEnrolled>("/auth/security/passkeys", { label, response });
}

export async function verifySecondFactor(body: SecondFactorVerifyBody): Promise<void> {
  await api.post("/auth/second-factor/verify", body);
  await refreshSession();
}

/** Proves the sign-in with a passkey of this account. */
export async function verifyWithPasskey(): Promise<void> {
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
    "/auth/second-factor/passkey-options",
  );
  const response = await startAuthentication({ optionsJSON }).catch((e: unknown) => {
    throw passkeyError(e, false);
  });
  await verifySecondFactor({ method: "passkey", response: response as unknown as Record<string, unknown> });
}

export const removeFactor = (factorId: string, currentPassword: string) =>
  api.post(`/auth/security/factors/${encodeURIComponent(factorId)}/remove`, { currentPassword });

export const newRecoveryCodes = (currentPassword: string) =>
  api.post<RecoveryCodes>("/auth/security/recovery-codes", { currentPassword });

/** Replaces the temporary password an administrator set, then rereads the session. */
export async function replaceTemporaryPassword(currentPassword: string, newPassword: string): Promise<void> {
  await api.post("/auth/password", { currentPassword, newPassword });
  await refreshSession();
}
