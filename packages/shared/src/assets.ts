import { z } from "zod";
import { environments } from "./alerts";

/** The spec's asset business impact (section 9). */
export const businessImpacts = ["Low", "Medium", "High"] as const;
export const businessImpactSchema = z.enum(businessImpacts);
export type BusinessImpact = z.infer<typeof businessImpactSchema>;

/** Asset environments are the spec's clientEnvironment values, shared with alerts. */
export const assetEnvironments = environments;
export const assetEnvironmentSchema = z.enum(assetEnvironments);
export type AssetEnvironment = z.infer<typeof assetEnvironmentSchema>;

/**
 * The spec's four asset types first, then the kinds scanners find. Stored as text: an asset row
 * may carry another type from an inventory import, so readers should not reject unknown values.
 */
export const assetTypes = [
  "Web Application",
  "Workstation",
  "Database",
  "Server",
  "Network Device",
  "Container Image",
  "Cloud Resource",
  "Code Repository",
  "Other",
] as const;
export const assetTypeSchema = z.enum(assetTypes);
export type AssetType = z.infer<typeof assetTypeSchema>;

/**
 * How an asset is recognised across imports. Hostnames are lower-cased; the short name (before
 * the first dot) is a 'hostname' and the full name an 'fqdn'.
 */
export const assetIdentityKinds = ["hostname", "ip", "fqdn", "cloud", "image"] as const;
export const assetIdentityKindSchema = z.enum(assetIdentityKinds);
export type AssetIdentityKind = z.infer<typeof assetIdentityKindSchema>;

/** The spec's `ASSET-nnnn` id form; new assets get the next number per tenant, four digits at least. */
export const assetKeySchema = z.string().regex(/^ASSET-\d{4,}$/, "must look like ASSET-nnnn");
export const assetKeyPrefix = "ASSET-";

export function formatAssetKey(n: number): string {
  return `${assetKeyPrefix}${String(n).padStart(4, "0")}`;
}

/** The number in an `ASSET-nnnn` key, or null for anything else. */
export function assetKeyNumber(key: string): number | null {
  const m = /^ASSET-(\d{1,9})$/.exec(key);
  return m ? Number(m[1]) : null;
}
