import { z } from "zod";
import { dateFormatSchema, roleSchema, themeSchema } from "./enums";
import { nameLimits, passwordRules } from "./limits";
import { sessionPendingSchema } from "./account-security";
import { passwordProblemMessages, passwordProblems } from "./password";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "Enter a valid e-mail address." }));

const passwordField = z.string().max(passwordRules.maxLength * 4);

export const signUpBodySchema = z
  .object({
    email: emailSchema,
    password: passwordField,
    displayName: z.string().trim().min(1, "Enter your name.").max(nameLimits.displayName),
    jobTitle: z.string().trim().max(nameLimits.jobTitle).optional(),
    inviteToken: z.string().min(10).max(200).optional(),
  })
  .superRefine((body, ctx) => {
    for (const problem of passwordProblems(body.password, body.email)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: passwordProblemMessages[problem] });
    }
  });
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(1, "Enter your password.")
    .max(passwordRules.maxLength * 4),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const membershipSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  tenantSlug: z.string(),
  role: roleSchema,
});
export type Membership = z.infer<typeof membershipSchema>;

export const preferencesSchema = z.object({
  theme: themeSchema.default("system"),
  timeZone: z.string().max(64).default("UTC"),
  dateFormat: dateFormatSchema.default("YYYY-MM-DD"),
  defaultTenantId: z.string().nullable().default(null),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  jobTitle: z.string(),
  platformAdmin: z.boolean(),
  memberships: z.array(membershipSchema),
  preferences: preferencesSchema,
  /** What this session must do first; null when it may use the product. */
  pending: sessionPendingSchema.nullable(),
  /** Second factors the account has, by kind, for the sign-in prompt. */
  secondFactors: z.array(z.enum(["totp", "passkey"])),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const sessionResponseSchema = z.object({
  user: currentUserSchema.nullable(),
  csrfToken: z.string(),
  sso: z.object({ enabled: z.boolean(), label: z.string() }),
  signupOpen: z.boolean(),
  needsFirstUser: z.boolean(),
  chatWidgetUrl: z.string().nullable(),
  /** Set when the browser sent a session cookie that has expired. */
  sessionExpired: z.boolean().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const passwordChangeBodySchema = z
  .object({ currentPassword: z.string().min(1).max(512), newPassword: passwordField })
  .superRefine((body, ctx) => {
    for (const problem of passwordProblems(body.newPassword)) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: passwordProblemMessages[problem] });
    }
  });

export const profileUpdateBodySchema = z.object({
  displayName: z.string().trim().min(1, "Enter your name.").max(nameLimits.displayName).optional(),
  jobTitle: z.string().trim().max(nameLimits.jobTitle).optional(),
});

export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** `GET /auth/sessions`: the caller's signed-in sessions. */
export const sessionListSchema = z.object({ items: z.array(sessionInfoSchema) });
/** `POST /auth/sessions/revoke-others`: how many other sessions were ended. */
export const revokedCountSchema = z.object({ revoked: z.number() });
export type SessionList = z.infer<typeof sessionListSchema>;
export type RevokedCount = z.infer<typeof revokedCountSchema>;
