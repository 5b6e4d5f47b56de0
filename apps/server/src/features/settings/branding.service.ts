import { BRANDING_LOGO_MAX_BYTES, type Branding } from "@watchfloor/shared";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { actorOf } from "../../http/auth-guard";
import { invalid } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { getSetting, putSetting } from "./settings.repository";

/** The provider's name and logo for report covers (docs/reports.md, "PDF"). */
export interface Brand {
  name: string | null;
  logo: Buffer | null;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export async function branding(ctx: AppContext): Promise<Branding> {
  return {
    providerName: (await getSetting(ctx.db, "branding_provider_name")) || null,
    logo: (await getSetting(ctx.db, "branding_logo")) || null,
  };
}

/** The brand as the PDF renderer takes it: the logo decoded. */
export async function reportBrand(ctx: AppContext): Promise<Brand> {
  const b = await branding(ctx);
  return { name: b.providerName, logo: b.logo ? Buffer.from(b.logo.slice(b.logo.indexOf(",") + 1), "base64") : null };
}

/** Saves the branding after checking the logo is the image it says it is, within the size limit. */
export async function setBranding(ctx: AppContext, request: FastifyRequest, body: Branding): Promise<Branding> {
  if (body.logo) {
    const bytes = Buffer.from(body.logo.slice(body.logo.indexOf(",") + 1), "base64");
    const png = body.logo.startsWith("data:image/png");
    if (bytes.length > BRANDING_LOGO_MAX_BYTES)
      throw invalid("logo", `is ${bytes.length} bytes; at most ${BRANDING_LOGO_MAX_BYTES}`);
    if (!bytes.subarray(0, png ? 8 : 3).equals(png ? PNG : JPEG))
      throw invalid("logo", `is not a ${png ? "PNG" : "JPEG"} image (its first bytes do not say so)`);
  }
  const name = body.providerName?.trim() || null;
  await ctx.db.transaction().execute(async (trx) => {
    await putSetting(trx, "branding_provider_name", name ?? "");
    await putSetting(trx, "branding_logo", body.logo ?? "");
    const actor = actorOf(request);
    await recordAudit(trx, {
      event: "settings.changed",
      at: ctx.now(),
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { brandingProviderName: name, brandingLogo: body.logo ? "set" : "none" },
    });
  });
  return { providerName: name, logo: body.logo };
}
