import { passwordRules } from "./limits";

/**
 * Passwords seen at the top of public breach-frequency lists, long enough to pass the length
 * rule. Shorter common passwords already fail on length. Compared case-insensitively.
 */
const commonPasswords = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456789123",
  "111111111111",
  "000000000000",
  "123123123123",
  "password1234",
  "password12345",
  "password123456",
  "password1234!",
  "passw0rd1234",
  "p@ssw0rd1234",
  "p@ssword1234",
  "qwertyuiop12",
  "qwertyuiop123",
  "qwerty123456",
  "qwertyqwerty",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "zaq12wsxcde3",
  "iloveyou1234",
  "letmein12345",
  "welcome12345",
  "welcome123456",
  "administrator",
  "administrator1",
  "admin1234567",
  "changeme1234",
  "football1234",
  "baseball1234",
  "superman1234",
  "trustno11234",
  "sunshine1234",
  "princess1234",
  "abcdefghijkl",
  "abcd1234abcd",
  "abc123abc123",
  "monkey123456",
  "dragon123456",
  "masterkey123",
  "passwordpassword",
  "correcthorsebatterystaple",
  "securepassword",
  "mypassword123",
  "password2024",
  "password2025",
  "password2026",
  "summer2024!!",
  "winter2025!!",
  "spring2026!!",
  "autumn2026!!",
  "companyname1",
  "watchfloor123",
  "watchfloor1234",
  "letmeinplease",
  "iloveyouforever",
  "1234qwerasdf",
  "asdfghjkl123",
  "zxcvbnm12345",
  "qazwsxedcrfv",
  "q1w2e3r4t5y6",
  "aaaaaaaaaaaa",
  "abcabcabcabc",
]);

export type PasswordProblem = "too_short" | "too_long" | "contains_email" | "common";

export const passwordProblemMessages: Record<PasswordProblem, string> = {
  too_short: `Use at least ${passwordRules.minLength} characters.`,
  too_long: `Use at most ${passwordRules.maxLength} characters.`,
  contains_email: "Do not use your e-mail address or its name part.",
  common: "This password is too common; choose one that is not on breach lists.",
};

/** The rules as a person reads them on the form, in the order they are checked. */
export const passwordRuleTexts = [
  `At least ${passwordRules.minLength} characters (at most ${passwordRules.maxLength}).`,
  "Not your e-mail address or its name part.",
  "Not a commonly used password.",
] as const;

/** Every rule the password breaks; empty means acceptable. Pure, used by server and form. */
export function passwordProblems(password: string, email?: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < passwordRules.minLength) problems.push("too_short");
  if (password.length > passwordRules.maxLength) problems.push("too_long");
  const lower = password.toLowerCase();
  if (email) {
    const address = email.trim().toLowerCase();
    const local = address.split("@")[0] ?? "";
    if (lower.includes(address) || (local.length >= 4 && lower.includes(local))) {
      problems.push("contains_email");
    }
  }
  if (commonPasswords.has(lower) || /^(.)\1+$/.test(password)) problems.push("common");
  return problems;
}
