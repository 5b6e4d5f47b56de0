import { describe, expect, it } from "vitest";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes";
import { matchTotp, newTotpSecret, totpCode } from "./totp";

describe("TOTP", () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 21, 12, 0, 10);

  it("accepts the current code and one step either side, and names the step", () => {
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
  });

  it("refuses old codes, other secrets and junk", () => {
    expect(matchTotp(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(matchTotp(newTotpSecret(), totpCode(secret, now), now)).toBeNull();
    expect(matchTotp(secret, "12345a", now)).toBeNull();
    expect(matchTotp(secret, "", now)).toBeNull();
  });
});

describe("recovery codes", () => {
  it("are distinct, readable, and hash the same however they are typed", () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [first = ""] = codes;
    expect(recoveryCodeHash(` ${first.toUpperCase().replace("-", " ")} `)).toBe(recoveryCodeHash(first));
  });
});
