import {
  accountSecuritySchema,
  okSchema,
  passkeyAuthenticationOptionsSchema,
  passkeyRegisterBodySchema,
  passkeyRegistrationOptionsSchema,
  reauthBodySchema,
  recoveryCodesSchema,
  secondFactorEnrolledSchema,
  secondFactorVerifyBodySchema,
  totpConfirmBodySchema,
  totpEnrolmentSchema,
  totpStartBodySchema,
} from "@watchfloor/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { sessionAuth } from "../../http/auth-guard";
import { publicBase } from "../../http/public-url";
import type { WebOrigin } from "./passkeys";
import * as service from "./second-factor.service";

const ok = okSchema;
const enrolledSchema = secondFactorEnrolledSchema;
/**
 * @simplewebauthn's option interfaces have no index signature, so TypeScript will not match them
 * to the loose contract objects; the contract types their fields and the serializer checks them.
 */
const asOptions = <T>(options: object) => options as T;
type RegistrationOptions = z.output<typeof passkeyRegistrationOptionsSchema>;
type AuthenticationOptions = z.output<typeof passkeyAuthenticationOptionsSchema>;

const who = (request: FastifyRequest): service.SessionRef => {
  const auth = sessionAuth(request);
  return { userId: auth.userId, email: auth.email, sessionId: auth.sessionId };
};
const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] ?? null });

function webOrigin(ctx: AppContext, request: FastifyRequest): WebOrigin {
  const base = new URL(publicBase(ctx, request));
  return { origin: base.origin, rpID: base.hostname };
}

/** Second factors: enrolment and management on the profile, and the sign-in step that proves one. */
export const secondFactorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Open while a tenant's policy makes the person enrol before anything else.
    const enrol = { policy: { access: "user", allowPending: ["second_factor_enrolment"] } } as const;
    const self = { policy: { access: "user" } } as const;
    const signInStep = {
      policy: { access: "user", allowPending: ["second_factor"] },
      rateLimit: { max: ctx.env.WATCHFLOOR_SIGNIN_RATE_PER_MINUTE, timeWindow: "1 minute" },
    } as const;
    const tags = ["auth"];

    app.get("/auth/security", { config: enrol, schema: { tags, response: { 200: accountSecuritySchema } } }, async (request) =>
      service.overview(ctx, sessionAuth(request).userId),
    );

    app.post(
      "/auth/security/totp",
      { config: enrol, schema: { tags, body: totpStartBodySchema, response: { 200: totpEnrolmentSchema } } },
      async (request) => service.startTotp(ctx, who(request), request.body.label),
    );

    app.post(
      "/auth/security/totp/confirm",
      { config: enrol, schema: { tags, body: totpConfirmBodySchema, response: { 200: enrolledSchema } } },
      async (request) => service.confirmTotp(ctx, who(request), request.body.factorId, request.body.code, meta(request)),
    );

    app.post(
      "/auth/security/passkeys/options",
      { config: enrol, schema: { tags, response: { 200: passkeyRegistrationOptionsSchema } } },
      async (request) =>
        asOptions<RegistrationOptions>(await service.passkeyRegistrationOptions(ctx, who(request), webOrigin(ctx, request))),
    );

    app.post(
      "/auth/security/passkeys",
      { config: enrol, schema: { tags, body: passkeyRegisterBodySchema, response: { 200: enrolledSchema } } },
      async (request) =>
        service.registerPasskey(
          ctx,
          who(request),
          webOrigin(ctx, request),
          request.body.response,
          request.body.label ?? "Passkey",
          meta(request),
        ),
    );

    app.post(
      "/auth/security/factors/:factorId/remove",
      {
        config: self,
        schema: { tags, params: z.object({ factorId: z.string().max(64) }), body: reauthBodySchema, response: { 200: ok } },
      },
      async (request) => {
        await service.removeFactor(ctx, who(request), request.params.factorId, request.body.currentPassword, meta(request));
        return { ok: true as const };
      },
    );

    app.post(
      "/auth/security/recovery-codes",
      { config: self, schema: { tags, body: reauthBodySchema, response: { 200: recoveryCodesSchema } } },
      async (request) => ({
        codes: await service.regenerateRecoveryCodes(ctx, who(request), request.body.currentPassword, meta(request)),
      }),
    );

    app.post(
      "/auth/second-factor/passkey-options",
      { config: signInStep, schema: { tags, response: { 200: passkeyAuthenticationOptionsSchema } } },
      async (request) =>
        asOptions<AuthenticationOptions>(await service.passkeyAuthenticationOptions(ctx, who(request), webOrigin(ctx, request))),
    );

    app.post(
      "/auth/second-factor/verify",
      { config: signInStep, schema: { tags, body: secondFactorVerifyBodySchema, response: { 200: ok } } },
      async (request) => {
        await service.verifySecondFactor(ctx, who(request), request.body, webOrigin(ctx, request), meta(request));
        return { ok: true as const };
      },
    );
  };
