import { brandingBodySchema, brandingSchema, signupSettingsSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { actorOf } from "../../http/auth-guard";
import { recordAudit } from "../audit/audit.repository";
import { branding, setBranding } from "./branding.service";
import { putSetting, signupOpen } from "./settings.repository";

const signupSchema = signupSettingsSchema;

export const settingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { policy: { access: "platform" } } as const;

    app.get("/settings/signup", { config, schema: { tags: ["settings"], response: { 200: signupSchema } } }, async () => ({
      open: await signupOpen(ctx.db),
    }));

    app.put(
      "/settings/signup",
      { config, schema: { tags: ["settings"], body: signupSchema, response: { 200: signupSchema } } },
      async (request) => {
        const actor = actorOf(request);
        await putSetting(ctx.db, "signup_open", String(request.body.open));
        await recordAudit(ctx.db, {
          event: "settings.changed",
          at: ctx.now(),
          actorUserId: actor.userId,
          actorEmail: actor.email,
          ipAddress: actor.ip,
          details: { signupOpen: request.body.open },
        });
        return { open: request.body.open };
      },
    );

    // The provider's name and logo on report covers.
    app.get("/settings/branding", { config, schema: { tags: ["settings"], response: { 200: brandingSchema } } }, async () =>
      branding(ctx),
    );
    app.put(
      "/settings/branding",
      { config, schema: { tags: ["settings"], body: brandingBodySchema, response: { 200: brandingSchema } } },
      async (request) => setBranding(ctx, request, request.body),
    );
  };
