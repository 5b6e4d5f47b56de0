import { z } from "zod";

/** The one JSON shape every API error has. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  validation: "VALIDATION_FAILED",
  unauthenticated: "UNAUTHENTICATED",
  forbidden: "FORBIDDEN",
  /** A module's data for a tenant that does not have the module (403, docs/modules.md). */
  moduleNotEnabled: "MODULE_NOT_ENABLED",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  csrf: "CSRF_FAILED",
  invalidCredentials: "INVALID_CREDENTIALS",
  locked: "ACCOUNT_LOCKED",
  rateLimited: "RATE_LIMITED",
  sessionExpired: "SESSION_EXPIRED",
  signupClosed: "SIGNUP_CLOSED",
  passwordChangeRequired: "PASSWORD_CHANGE_REQUIRED",
  secondFactorRequired: "SECOND_FACTOR_REQUIRED",
  secondFactorEnrolmentRequired: "SECOND_FACTOR_ENROLMENT_REQUIRED",
  internal: "INTERNAL",
  /** An upload that is not text, or whose first rows are mostly rejected: refused whole (400). */
  unreadableFile: "UNREADABLE_FILE",
  /** An upload over its route's limit (413). */
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
} as const;
