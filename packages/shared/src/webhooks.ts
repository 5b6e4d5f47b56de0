import { z } from "zod";

/**
 * Outgoing webhooks (docs/automation.md, "Webhooks"). Standard ones follow the Standard Webhooks
 * specification (webhook-id, webhook-timestamp, webhook-signature; whsec_ secrets); Slack and
 * Microsoft Teams ones post those products' incoming-webhook message shapes.
 */
export const webhookKinds = ["standard", "slack", "teams"] as const;
export const webhookKindSchema = z.enum(webhookKinds);
export type WebhookKind = z.infer<typeof webhookKindSchema>;

const url = z.url({ protocol: /^https?$/ }).max(2000);

export const webhookBodySchema = z.strictObject({
  tenantId: z.string().min(1).max(64),
  name: z.string().trim().min(3).max(120),
  kind: webhookKindSchema,
  url,
  enabled: z.boolean().default(true),
});
export const webhookPatchSchema = z.strictObject({
  name: z.string().trim().min(3).max(120).optional(),
  url: url.optional(),
  enabled: z.boolean().optional(),
});

export const webhookSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  kind: webhookKindSchema,
  url: z.string(),
  enabled: z.boolean(),
  /** The secret's last four characters, to tell secrets apart. */
  secretHint: z.string(),
  /** Set after a rotation: the previous secret also signs until then. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
/** Creating or rotating answers the secret once; it is never shown again. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;
export const webhookListSchema = z.object({ items: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookDeliveryStatuses = ["pending", "retrying", "delivered", "dead"] as const;
export const webhookDeliveryStatusSchema = z.enum(webhookDeliveryStatuses);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  webhookName: z.string(),
  tenantId: z.string(),
  eventType: z.string(),
  ruleId: z.string().nullable(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number(),
  responseCode: z.number().nullable(),
  responseExcerpt: z.string().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The JSON body sent. */
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
export const webhookDeliveryQuerySchema = z.strictObject({
  webhookId: z.string().min(1).max(64).optional(),
  status: webhookDeliveryStatusSchema.optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Version of the JSON body standard webhooks receive (`data.version`). */
export const WEBHOOK_PAYLOAD_VERSION = 1;
/** Tries before a delivery is a dead letter. */
export const WEBHOOK_ATTEMPTS = 6;
