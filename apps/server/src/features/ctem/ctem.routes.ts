import {
  ctemNucleiReportSchema,
  ctemQuerySchema,
  ctemScopeCreateSchema,
  ctemScopeDetailSchema,
  ctemScopeListSchema,
  ctemScopeParamsSchema,
  ctemScopeUpdateSchema,
  ctemTaskCreateSchema,
  ctemTaskParamsSchema,
  ctemTaskSchema,
  ctemTaskUpdateSchema,
  ctemValidateSchema,
  noContentResponse,
  uploadLimits,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { modulePolicies } from "../../http/module-policies";
import { acceptRawUploads, withUploadedFile } from "../imports/upload";
import { createTask, deleteTask, updateTask } from "./ctem-tasks.service";
import { importNucleiValidations, validateExposure } from "./ctem-validation.service";
import * as service from "./ctem.service";

const tags = ["ctem"];
const { read, write } = modulePolicies("ctem");

/** CTEM, continuous threat exposure management (docs/ctem.md). */
export const ctemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Not application/json: the other routes here take JSON bodies.
    acceptRawUploads(app, ["application/octet-stream", "text/plain", "application/x-ndjson"]);

    app.get(
      "/ctem/scopes",
      { config: read, schema: { tags, querystring: ctemQuerySchema, response: { 200: ctemScopeListSchema } } },
      async (request) => service.listScopes(ctx, request.scope, request.query.tenantId),
    );

    app.post(
      "/ctem/scopes",
      { config: write, schema: { tags, body: ctemScopeCreateSchema, response: { 201: ctemScopeDetailSchema } } },
      async (request, reply) =>
        reply.code(201).send(await service.createScope(ctx, request.scope, await doerOf(ctx, request), request.body)),
    );

    app.get(
      "/ctem/scopes/:scopeId",
      { config: read, schema: { tags, params: ctemScopeParamsSchema, response: { 200: ctemScopeDetailSchema } } },
      async (request) => service.getScope(ctx, request.scope, request.params.scopeId),
    );

    app.patch(
      "/ctem/scopes/:scopeId",
      {
        config: write,
        schema: { tags, params: ctemScopeParamsSchema, body: ctemScopeUpdateSchema, response: { 200: ctemScopeDetailSchema } },
      },
      async (request) =>
        service.updateScope(ctx, request.scope, await doerOf(ctx, request), request.params.scopeId, request.body),
    );

    app.delete(
      "/ctem/scopes/:scopeId",
      {
        config: write,
        schema: {
          tags,
          params: ctemScopeParamsSchema,
          response: { 204: noContentResponse("The scope is deleted with its tasks and score history; validations stay.") },
        },
      },
      async (request, reply) => {
        await service.deleteScope(ctx, request.scope, await doerOf(ctx, request), request.params.scopeId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/ctem/scopes/:scopeId/validations",
      {
        config: write,
        schema: { tags, params: ctemScopeParamsSchema, body: ctemValidateSchema, response: { 200: ctemScopeDetailSchema } },
      },
      async (request) => {
        const row = await service.scopeRow(ctx, request.scope, request.params.scopeId);
        await validateExposure(ctx, await doerOf(ctx, request), row, request.body);
        return service.getScope(ctx, request.scope, row.id);
      },
    );

    app.post(
      "/ctem/scopes/:scopeId/validations/nuclei",
      {
        config: write,
        bodyLimit: uploadLimits.ctemNuclei,
        schema: {
          tags,
          description: "Nuclei results (raw body: JSON lines or a JSON array) that confirm the scope's exposures as validated.",
          params: ctemScopeParamsSchema,
          querystring: z.object({ filename: z.string().max(255).optional() }),
          response: { 200: ctemNucleiReportSchema },
        },
      },
      async (request) => {
        const row = await service.scopeRow(ctx, request.scope, request.params.scopeId);
        const doer = await doerOf(ctx, request);
        return withUploadedFile(request, (source) =>
          importNucleiValidations(ctx, doer, row, source, request.query.filename ?? null),
        );
      },
    );

    app.post(
      "/ctem/scopes/:scopeId/tasks",
      {
        config: write,
        schema: { tags, params: ctemScopeParamsSchema, body: ctemTaskCreateSchema, response: { 201: ctemTaskSchema } },
      },
      async (request, reply) => {
        const row = await service.scopeRow(ctx, request.scope, request.params.scopeId);
        const task = await createTask(ctx, await doerOf(ctx, request), row, request.body);
        return reply.code(201).send(task);
      },
    );

    app.patch(
      "/ctem/scopes/:scopeId/tasks/:taskId",
      {
        config: write,
        schema: { tags, params: ctemTaskParamsSchema, body: ctemTaskUpdateSchema, response: { 200: ctemTaskSchema } },
      },
      async (request) => {
        const row = await service.scopeRow(ctx, request.scope, request.params.scopeId);
        return updateTask(ctx, await doerOf(ctx, request), row, request.params.taskId, request.body);
      },
    );

    app.delete(
      "/ctem/scopes/:scopeId/tasks/:taskId",
      {
        config: write,
        schema: {
          tags,
          params: ctemTaskParamsSchema,
          response: { 204: noContentResponse("The task is deleted with its finding links; the findings stay.") },
        },
      },
      async (request, reply) => {
        const row = await service.scopeRow(ctx, request.scope, request.params.scopeId);
        await deleteTask(ctx, await doerOf(ctx, request), row, request.params.taskId);
        return reply.status(204).send(null);
      },
    );
  };
