import { z } from "zod";
import { environments } from "./alerts";
import { incidentStatusSchema, prioritySchema } from "./enums";

/**
 * The incident map (docs/map.md): incidents placed by the sites of their assets and, for
 * external threats, by the country of the alerts' public source addresses. The six categories
 * are the spec's map-point "asset" values.
 */
export const mapCategories = [...environments, "External Threat", "Human Error", "Malicious Insider"] as const;
export const mapCategorySchema = z.enum(mapCategories);
export type MapCategory = z.infer<typeof mapCategorySchema>;

export const mapQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type MapQuery = z.infer<typeof mapQuerySchema>;

/** Most incidents one point lists (newest first); `count` is always the full number. */
export const mapPointIncidentLimit = 100;
/** Most incidents one answer reads (newest first); `truncated` says when more were in the window. */
export const mapIncidentLimit = 20_000;

export const mapIncidentSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  reference: z.string(),
  title: z.string(),
  priority: prioritySchema,
  status: incidentStatusSchema,
  createdAt: z.string(),
  /** The asset or source address that placed it ("WS-FIN-0042", "185.220.101.4"). */
  via: z.string(),
});
export type MapIncident = z.infer<typeof mapIncidentSchema>;

/** The spec's map point (id, asset category, name, lat, lng) plus the incidents placed there. */
export const mapPointSchema = z.object({
  id: z.string(),
  category: mapCategorySchema,
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  incidents: z.array(mapIncidentSchema),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

export const mapPointsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Incidents created in the window in the tenants in scope, placed or not. */
  incidents: z.number().int(),
  placed: z.number().int(),
  truncated: z.boolean(),
  points: z.array(mapPointSchema),
});
export type MapPoints = z.infer<typeof mapPointsSchema>;
