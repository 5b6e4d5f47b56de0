import { describe, expect, it } from "vitest";
import { pendingStep } from "./session-gate";

const none = { hasSecondFactor: false, secondFactorAt: null, passwordMustChange: false, secondFactorRequired: false };

describe("pendingStep", () => {
  it("lets an ordinary session through", () => {
    expect(pendingStep(none)).toBeNull();
    expect(pendingStep({ ...none, hasSecondFactor: true, secondFactorAt: 1, secondFactorRequired: true })).toBeNull();
  });

  it("asks for the second factor before anything else", () => {
    expect(pendingStep({ ...none, hasSecondFactor: true, passwordMustChange: true })).toBe("second_factor");
  });

  it("then for a new password, then for enrolment", () => {
    expect(pendingStep({ ...none, passwordMustChange: true, secondFactorRequired: true })).toBe("password_change");
    expect(pendingStep({ ...none, secondFactorRequired: true })).toBe("second_factor_enrolment");
  });
});
