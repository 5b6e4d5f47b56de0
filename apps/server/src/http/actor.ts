import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { apiKeyName, userDisplayName } from "./credentials.repository";

/** Who did something, as timelines and "who did it" columns show it. */
export interface Doer {
  userId: string | null;
  name: string;
  /** An automation rule's action: the change it causes triggers no rules (features/automation). */
  automated?: boolean;
}

/** The acting person's display name, or the API key's name. */
export async function doerOf(ctx: AppContext, request: FastifyRequest): Promise<Doer> {
  const auth = request.auth;
  if (auth?.kind === "apiKey") return { userId: null, name: `API key "${(await apiKeyName(ctx.db, auth.keyId)) ?? auth.keyId}"` };
  if (auth?.kind === "session") return { userId: auth.userId, name: (await userDisplayName(ctx.db, auth.userId)) ?? auth.email };
  return { userId: null, name: "system" };
}
