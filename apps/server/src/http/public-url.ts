import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";

/** The address people reach the product at: WATCHFLOOR_PUBLIC_URL, else what the request says. */
export function publicBase(ctx: AppContext, request: FastifyRequest): string {
  return ctx.env.WATCHFLOOR_PUBLIC_URL?.replace(/\/$/, "") ?? `${request.protocol}://${request.host}`;
}

/** The same outside a request (background work): WATCHFLOOR_PUBLIC_URL, else the address the server listens on. */
export function configuredBase(ctx: AppContext): string {
  return ctx.env.WATCHFLOOR_PUBLIC_URL?.replace(/\/$/, "") ?? `http://${ctx.env.HOST}:${ctx.env.PORT}`;
}
