import { z } from "zod";

/**
 * What a signed-in session must do before it may do anything else:
 * - second_factor: prove a second factor (the account has one)
 * - password_change: replace the temporary password an administrator set
 * - second_factor_enrolment: a tenant the user belongs to requires a second factor and the
 *   account has none yet
 */
export const sessionPendingSteps = ["second_factor", "password_change", "second_factor_enrolment"] as const;
export const sessionPendingSchema = z.enum(sessionPendingSteps);
export type SessionPending = z.infer<typeof sessionPendingSchema>;

export const factorKinds = ["totp", "passkey"] as const;
export const factorKindSchema = z.enum(factorKinds);
export type FactorKind = z.infer<typeof factorKindSchema>;

/** How many one-time recovery codes an enrolment hands out, and their shape (xxxxx-xxxxx). */
export const recoveryCodePolicy = { count: 10, groupLength: 5 } as const;

export const factorSchema = z.object({
  id: z.string(),
  kind: factorKindSchema,
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Factor = z.infer<typeof factorSchema>;

export const accountSecuritySchema = z.object({
  factors: z.array(factorSchema),
  recoveryCodesLeft: z.number().int(),
  /** Tenants (by name) whose policy requires a second factor of this user. */
  requiredBy: z.array(z.string()),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

const codeField = z.string().trim().min(6).max(32);
export const factorLabelSchema = z.string().trim().min(1).max(60);

export const totpEnrolmentSchema = z.object({
  factorId: z.string(),
  secret: z.string(),
  /** otpauth:// URI for authenticator apps (shown as a QR code). */
  uri: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpStartBodySchema = z.object({ label: factorLabelSchema.optional() });
export const totpConfirmBodySchema = z.object({ factorId: z.string().min(1).max(64), code: codeField });

/** Recovery codes are shown once, when they are made. */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const secondFactorVerifyBodySchema = z.union([
  z.object({ method: z.literal("totp"), code: codeField }),
  z.object({ method: z.literal("recovery"), code: codeField }),
  z.object({ method: z.literal("passkey"), response: z.record(z.string(), z.unknown()) }),
]);
export type SecondFactorVerifyBody = z.infer<typeof secondFactorVerifyBodySchema>;

export const passkeyRegisterBodySchema = z.object({
  label: factorLabelSchema.optional(),
  response: z.record(z.string(), z.unknown()),
});

/** Re-authentication for removing a factor or making new recovery codes. */
export const reauthBodySchema = z.object({ currentPassword: z.string().min(1).max(512) });

export const tenantSecurityPolicySchema = z.object({ requireSecondFactor: z.boolean() });
export type TenantSecurityPolicy = z.infer<typeof tenantSecurityPolicySchema>;

/**
 * WebAuthn options as @simplewebauthn builds them (PublicKeyCredential*OptionsJSON), passed to the
 * browser as they are: the fields are typed, and loose objects keep anything a newer library
 * version adds (extensions, hints) rather than the serializer dropping it.
 */
const credentialDescriptorSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});
const extensionsSchema = z.looseObject({ credProps: z.boolean().optional() });

/** `POST /auth/security/passkeys/options`: for navigator.credentials.create. */
export const passkeyRegistrationOptionsSchema = z.looseObject({
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .looseObject({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  attestationFormats: z.array(z.string()).optional(),
  extensions: extensionsSchema.optional(),
});

/** `POST /auth/second-factor/passkey-options`: for navigator.credentials.get. */
export const passkeyAuthenticationOptionsSchema = z.looseObject({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
  extensions: extensionsSchema.optional(),
});

/** Enrolling a second factor: recovery codes when it is the account's first, shown once; else null. */
export const secondFactorEnrolledSchema = z.object({ recoveryCodes: z.array(z.string()).nullable() });
export type SecondFactorEnrolled = z.infer<typeof secondFactorEnrolledSchema>;
