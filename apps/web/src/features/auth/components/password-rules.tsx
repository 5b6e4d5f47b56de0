import { passwordProblemMessages, passwordProblems, passwordRuleTexts } from "@watchfloor/shared";
import { Check, Circle } from "lucide-react";

/** The rules as a list, each ticked live as the person types (same check the server runs). */
export function PasswordRules({ password, email }: { password: string; email?: string }) {
  const problems = passwordProblems(password, email);
  const broken = [
    problems.includes("too_short") || problems.includes("too_long"),
    problems.includes("contains_email"),
    problems.includes("common"),
  ];
  return (
    <ul className="space-y-1" aria-label="Password rules">
      {passwordRuleTexts.map((text, i) => {
        const ok = password.length > 0 && !broken[i];
        return (
          <li key={text} className="flex items-start gap-1.5">
            {ok ? (
              <Check aria-hidden className="mt-0.5 size-3.5 shrink-0 text-emerald-600 dark:text-emerald-400" />
            ) : (
              <Circle aria-hidden className="mt-0.5 size-3.5 shrink-0 text-slate-400" />
            )}
            <span>
              {text}
              {ok && <span className="sr-only"> (met)</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** First client-side problem as a field message, or undefined. */
export function passwordFieldError(password: string, email?: string): string | undefined {
  const first = passwordProblems(password, email)[0];
  return first ? passwordProblemMessages[first] : undefined;
}
