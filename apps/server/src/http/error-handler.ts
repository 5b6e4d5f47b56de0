import { errorCodes } from "@watchfloor/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type FieldProblem } from "./errors";

/** One error shape for every failure; no stack traces leave the server. */
export function registerErrorHandling(app: FastifyInstance, webDist?: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
        requestId,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: FieldProblem[] = error.validation.map((issue) => ({
        path: [
          error.validationContext === "body" ? undefined : error.validationContext,
          ...issue.instancePath.split("/").filter(Boolean),
        ]
          .filter(Boolean)
          .join("."),
        message: issue.message ?? "is invalid",
      }));
      return reply.status(400).send({
        code: errorCodes.validation,
        message: "The request has invalid fields.",
        details,
        requestId,
      });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        code: errorCodes.rateLimited,
        message: "Too many requests; wait a minute and try again.",
        requestId,
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({
        code: error.code ?? "BAD_REQUEST",
        message: error.message,
        requestId,
      });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ code: errorCodes.internal, message: "Something went wrong on the server.", requestId });
  });

  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (/dashboard, /login, ...) get the web app's index page.
    const isPage = request.method === "GET" && !/^\/(api|healthz|readyz|metrics)(\/|$)/.test(request.url);
    if (webDist && isPage && (request.headers.accept ?? "").includes("text/html")) {
      reply.header("cache-control", "no-cache");
      return reply.sendFile("index.html");
    }
    reply.status(404).send({
      code: errorCodes.notFound,
      message: `No route for ${request.method} ${request.url.split("?")[0]}.`,
      requestId: request.id,
    });
  });
}
