import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";

/** Where the browser is: WebAuthn binds every credential to this origin and host name. */
export interface WebOrigin {
  origin: string;
  rpID: string;
}

export interface StoredPasskey {
  credentialId: string;
  publicKey: string; // base64url
  signCount: number;
  transports: string[];
}

export const registrationOptions = (
  where: WebOrigin,
  account: { userId: string; email: string; displayName: string },
  existing: StoredPasskey[],
) =>
  generateRegistrationOptions({
    rpName: "Watchfloor",
    rpID: where.rpID,
    userName: account.email,
    userDisplayName: account.displayName,
    userID: new TextEncoder().encode(account.userId),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });

/** The new credential, or null when the response does not prove one for this challenge. */
export async function verifyRegistration(where: WebOrigin, challenge: string, response: unknown): Promise<StoredPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: where.origin,
      expectedRPID: where.rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      signCount: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    // Malformed responses are a wrong answer, not a server fault.
    return null;
  }
}

export const authenticationOptions = (where: WebOrigin, passkeys: StoredPasskey[]) =>
  generateAuthenticationOptions({
    rpID: where.rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: "preferred",
  });

/** The credential id the browser answered with, read before verifying (to find its key). */
export function answeredCredentialId(response: unknown): string | null {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === "string" && id.length > 0 && id.length <= 1024 ? id : null;
}

/** The authenticator's new signature count, or null when the assertion does not verify. */
export async function verifyAssertion(
  where: WebOrigin,
  challenge: string,
  response: unknown,
  passkey: StoredPasskey,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: where.origin,
      expectedRPID: where.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.signCount,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
