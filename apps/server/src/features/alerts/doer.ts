import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import type { Doer } from "./alerts.service";

/** Who is acting, for timelines: the person's display name, or the API key's name. */
export async function doerOf(ctx: AppContext, request: FastifyRequest): Promise<Doer> {
  const auth = request.auth;
  if (auth?.kind === "apiKey") {
    const key = await ctx.db.selectFrom("api_keys").select(["name"]).where("id", "=", auth.keyId).executeTakeFirst();
    return { userId: null, name: `API key "${key?.name ?? auth.keyId}"` };
  }
  if (auth?.kind === "session") {
    const user = await ctx.db.selectFrom("users").select("display_name").where("id", "=", auth.userId).executeTakeFirst();
    return { userId: auth.userId, name: user?.display_name ?? auth.email };
  }
  return { userId: null, name: "system" };
}
