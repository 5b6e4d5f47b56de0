import { z } from "zod";

/** `GET /healthz`: the process answers. */
export const livenessSchema = z.object({ status: z.literal("ok") });

/** `GET /readyz`: the database answers too (503 with the error shape when it does not). */
export const readinessSchema = z.object({ status: z.literal("ready"), database: z.enum(["sqlite", "postgres"]) });
