import { z } from "zod";
import { parsedLayerSchema } from "./attack";

/**
 * MDR detection coverage per client (docs/mdr.md "Detection coverage"): the ATT&CK techniques seen
 * in a tenant's alerts against the techniques its data sources can see, through the data
 * components each source supplies and the detection strategies of the ATT&CK catalogue.
 */
export const mdrVisibilities = ["full", "partial", "none"] as const;
export type MdrVisibility = (typeof mdrVisibilities)[number];
export const mdrComponentsFrom = ["set", "default", "none"] as const;

export const mdrCoverageSourceSchema = z.object({
  tool: z.string(),
  sensor: z.string(),
  /** Data component ids (DC0032) the source supplies. */
  components: z.array(z.string()),
  /** Set by hand, the defaults by the source's name, or none known. */
  componentsFrom: z.enum(mdrComponentsFrom),
});
export type MdrCoverageSource = z.infer<typeof mdrCoverageSourceSchema>;

export const mdrCoverageTechniqueSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  tactics: z.array(z.string()),
  /** Alerts naming the technique in the window. */
  alerts: z.number().int(),
  /** full: some analytic has every component it reads; partial: some component only. */
  visibility: z.enum(mdrVisibilities),
});
export type MdrCoverageTechnique = z.infer<typeof mdrCoverageTechniqueSchema>;

export const mdrCoverageSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  from: z.string(),
  to: z.string(),
  /** False until a platform admin loads an ATT&CK catalogue with detection strategies. */
  catalogueLoaded: z.boolean(),
  components: z.array(z.object({ id: z.string(), name: z.string() })),
  sources: z.array(mdrCoverageSourceSchema),
  /** Techniques seen in alerts or visible to the sources (not every technique of the catalogue). */
  techniques: z.array(mdrCoverageTechniqueSchema),
  totals: z.object({
    catalogue: z.number().int(),
    full: z.number().int(),
    partial: z.number().int(),
    seen: z.number().int(),
    /** Seen in alerts, though no source is known to see it: a source's components are missing. */
    seenNotVisible: z.number().int(),
  }),
  /** The same as an overlay for the ATT&CK coverage matrix (score 2 full, 1 partial). */
  layer: parsedLayerSchema,
});
export type MdrCoverage = z.infer<typeof mdrCoverageSchema>;

export const mdrCoverageQuerySchema = z.object({ tenantId: z.string().trim().min(1).max(100) });

/** Sets a source's data components by hand (null: back to the defaults by name). */
export const mdrSourceComponentsBodySchema = z.object({
  tenantId: z.string().trim().min(1).max(100),
  tool: z.string().trim().min(1).max(120),
  sensor: z.string().trim().max(120),
  components: z
    .array(z.string().regex(/^DC\d{4}$/, "must be a data component id such as DC0032"))
    .max(200)
    .nullable(),
});
export type MdrSourceComponentsBody = z.infer<typeof mdrSourceComponentsBodySchema>;
