import { generateSecret, generateSync, generateURI, verifySync } from "otplib";

/** RFC 6238 defaults every authenticator app uses: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side, for phone clocks a little off. */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const totpUri = (secret: string, account: string): string =>
  generateURI({ issuer: "Watchfloor", label: account, secret, period: PERIOD_SECONDS });

/** The time step a code matches at `nowMs` (within the tolerance), or null. */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const epoch = Math.floor(nowMs / 1000);
  const result = verifySync({ secret, token, epoch, period: PERIOD_SECONDS, epochTolerance: TOLERANCE_SECONDS });
  if (!result.valid) return null;
  return Math.floor(epoch / PERIOD_SECONDS) + result.delta;
}

/** The code an authenticator shows at `nowMs` (tests and the test-only enrolment helper). */
export const totpCode = (secret: string, nowMs: number): string =>
  generateSync({ secret, epoch: Math.floor(nowMs / 1000), period: PERIOD_SECONDS });
