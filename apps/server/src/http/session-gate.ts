import { errorCodes, type SessionPending } from "@watchfloor/shared";
import { AppError } from "./errors";

export interface SessionFacts {
  hasSecondFactor: boolean;
  secondFactorAt: number | null;
  passwordMustChange: boolean;
  secondFactorRequired: boolean;
}

/**
 * What a signed-in session must do before anything else, in order: prove the second factor the
 * account has (before even a temporary password may be replaced), replace a temporary password,
 * then enrol a second factor where a tenant of the user requires one. Worked out on every
 * request, so a policy switched on or a factor added applies to sessions already open.
 */
export function pendingStep(facts: SessionFacts): SessionPending | null {
  if (facts.hasSecondFactor && facts.secondFactorAt == null) return "second_factor";
  if (facts.passwordMustChange) return "password_change";
  if (facts.secondFactorRequired && !facts.hasSecondFactor) return "second_factor_enrolment";
  return null;
}

const messages: Record<SessionPending, [string, string]> = {
  second_factor: [errorCodes.secondFactorRequired, "Confirm your sign-in with your second factor first."],
  password_change: [errorCodes.passwordChangeRequired, "An administrator set a temporary password: choose a new one first."],
  second_factor_enrolment: [
    errorCodes.secondFactorEnrolmentRequired,
    "A tenant you belong to requires a second factor: set one up in your profile first.",
  ],
};

export function pendingError(step: SessionPending): AppError {
  const [code, message] = messages[step];
  return new AppError(403, code, message);
}
