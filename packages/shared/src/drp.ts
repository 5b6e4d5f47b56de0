import { z } from "zod";
import { drpWatchedMatchSchema } from "./drp-findings";

/** What a tenant watches for impersonation (DRP, docs/drp.md). */
export const watchedKinds = ["domain", "email-domain", "brand", "executive"] as const;
export const watchedKindSchema = z.enum(watchedKinds);
export type WatchedKind = z.infer<typeof watchedKindSchema>;

/** Kinds whose value is a domain name (look-alikes are generated for them). */
export const domainWatchedKinds: readonly WatchedKind[] = ["domain", "email-domain"];

export const watchedAssetBodySchema = z.object({
  tenantId: z.string().min(1),
  kind: watchedKindSchema,
  /** A domain (IDN allowed: stored as punycode), a brand name or a person's name. */
  value: z.string().trim().min(2).max(253),
});
export type WatchedAssetBody = z.infer<typeof watchedAssetBodySchema>;

export const watchedAssetSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  kind: watchedKindSchema,
  /** Domains in their registrable (punycode) form. */
  value: z.string(),
  /** Domains as a person reads them (same as value for ASCII ones and for names). */
  display: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type WatchedAsset = z.infer<typeof watchedAssetSchema>;

/** The answer to adding a watched asset: the asset and what the matching pass run at once found. */
export const watchedAssetAddedSchema = watchedAssetSchema.extend({ match: drpWatchedMatchSchema });
export type WatchedAssetAdded = z.infer<typeof watchedAssetAddedSchema>;

export const lookalikeSchema = z.object({
  domain: z.string(),
  unicode: z.string(),
  kinds: z.array(z.string()),
});
export const lookalikesResponseSchema = z.object({ watched: watchedAssetSchema, items: z.array(lookalikeSchema) });
