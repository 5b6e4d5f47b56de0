import { z } from "zod";

/** `GET /healthz`: the process answers. */
export const livenessSchema = z.object({ status: z.literal("ok") });

/**
 * `GET /readyz`: the database answers too (503 with the error shape when it does not), with the
 * state of the background job runner (null when this process runs none) and of the change feed
 * between servers.
 */
export const readinessSchema = z.object({
  status: z.literal("ready"),
  database: z.enum(["sqlite", "postgres"]),
  jobs: z
    .object({
      running: z.boolean(),
      lastPassAt: z.string().nullable(),
      lastPassError: z.string().nullable(),
      queued: z.number().int(),
      due: z.number().int(),
      dead: z.number().int(),
    })
    .nullable(),
  changeFeed: z.object({
    kind: z.enum(["in-process", "postgres"]),
    listening: z.boolean(),
    received: z.number().int(),
    lagMs: z.number().nullable(),
  }),
});
