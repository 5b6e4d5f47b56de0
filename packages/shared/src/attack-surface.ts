import { z } from "zod";

/**
 * Attack surface as a network scan sees it: hosts, the ports that answered and what listens there,
 * and the TLS certificate a port presents. The nmap XML importer produces one `DiscoveredHost` per
 * scanned host; an inventory view keys hosts on their addresses and services on (protocol, port).
 */

const text = (max = 500) => z.string().trim().max(max);
const when = z.iso.datetime({ offset: true });

export const hostAddressSchema = z.object({
  type: z.enum(["ipv4", "ipv6", "mac"]),
  addr: text(60).min(1),
  /** The NIC vendor nmap derives from a MAC address's OUI. */
  vendor: text(200).nullish(),
});

export const subjectAltNameSchema = z.object({
  /** As OpenSSL prints it: "DNS", "IP Address", "email", "URI", ... */
  type: text(40).min(1),
  value: text(500).min(1),
});

export const tlsCertificateSchema = z.object({
  subjectCn: text(500).nullish(),
  /** The whole subject as nmap prints it: "commonName=a/organizationName=b". */
  subject: text(2000).nullish(),
  subjectAltNames: z.array(subjectAltNameSchema).max(1000).default([]),
  issuerCn: text(500).nullish(),
  issuer: text(2000).nullish(),
  notBefore: when.nullish(),
  notAfter: when.nullish(),
  signatureAlgorithm: text(100).nullish(),
  publicKeyType: text(40).nullish(),
  publicKeyBits: z.number().int().min(0).nullish(),
  sha1: z
    .string()
    .regex(/^[0-9a-f]{40}$/, "must be 40 lowercase hex digits")
    .nullish(),
});
export type TlsCertificate = z.output<typeof tlsCertificateSchema>;

export const portStates = ["open", "closed", "filtered", "unfiltered", "open|filtered", "closed|filtered"] as const;

export const exposedServiceSchema = z.object({
  protocol: z.enum(["tcp", "udp", "sctp", "ip"]),
  port: z.number().int().min(0).max(65535),
  state: z.enum(portStates),
  /** Why nmap decided the state ("syn-ack", "conn-refused", "no-response"). */
  reason: text(60).nullish(),
  /** Service name from the probe match or, with method "table", only the port's usual service. */
  name: text(120).nullish(),
  product: text(300).nullish(),
  version: text(200).nullish(),
  extraInfo: text(500).nullish(),
  /** "ssl" when the service spoke through TLS (nmap reports https as http + tunnel ssl). */
  tunnel: text(20).nullish(),
  method: z.enum(["probed", "table"]).nullish(),
  confidence: z.number().int().min(0).max(10).nullish(),
  cpes: z.array(text(300)).max(50).default([]),
  certificate: tlsCertificateSchema.nullish(),
});
export type ExposedService = z.output<typeof exposedServiceSchema>;

export const discoveredHostSchema = z
  .object({
    status: z.enum(["up", "down", "unknown", "skipped"]),
    addresses: z.array(hostAddressSchema).max(50),
    /** Convenience copies of the first address of each type. */
    ipv4: z.ipv4().nullish(),
    ipv6: z.ipv6().nullish(),
    mac: z.mac().nullish(),
    hostnames: z
      .array(z.object({ name: text(255).min(1), type: text(20).nullish() }))
      .max(100)
      .default([]),
    services: z
      .array(exposedServiceSchema)
      .max(65536 * 2)
      .default([]),
    /** Best OS match when the scan ran OS detection (-O). */
    os: z.object({ name: text(300).min(1), accuracy: z.number().int().min(0).max(100).nullish() }).nullish(),
    scanStarted: when.nullish(),
    scanEnded: when.nullish(),
  })
  .refine((h) => h.addresses.length > 0, { message: "needs at least one address", path: ["addresses"] });
export type DiscoveredHostInput = z.input<typeof discoveredHostSchema>;
export type DiscoveredHost = z.output<typeof discoveredHostSchema>;

/** The scan as a whole: what ran, when, and nmap's own summary. */
export const networkScanSchema = z.object({
  scanner: z.literal("nmap"),
  version: text(40).nullish(),
  args: text(5000).nullish(),
  started: when.nullish(),
  finished: when.nullish(),
  hostsUp: z.number().int().min(0).nullish(),
  hostsDown: z.number().int().min(0).nullish(),
});
export type NetworkScan = z.output<typeof networkScanSchema>;

// --- Attack surface API (docs/attack-surface.md) ---

/** A certificate this many days or fewer from its expiry is "expiring" (the page's summary figure). */
export const certificateExpiringDays = 30;
export const certificateExpiryStates = ["expired", "expiring", "valid", "unknown"] as const;
export type CertificateExpiryState = (typeof certificateExpiryStates)[number];

/** "true" / "false" in a URL. */
const flag = z
  .enum(["true", "false"])
  .transform((v) => v === "true")
  .optional();

/** Orders of the exposure list: newest exposure, soonest certificate expiry, most open findings, most open ports, name. */
export const attackSurfaceSorts = ["newest", "expiry", "findings", "ports", "name"] as const;
export const attackSurfaceScopes = ["all", "internet"] as const;

/** Every filter of the attack-surface page; the web app keeps exactly this object in the URL. */
export const attackSurfaceQuerySchema = z.object({
  /** Only services that are new since the previous scan of their address. */
  newOnly: flag,
  /** Only TLS services whose certificate expires within this many days (expired ones included; -1: expired only). */
  expiringDays: z.coerce.number().int().min(-1).max(3650).optional(),
  port: z.coerce.number().int().min(0).max(65535).optional(),
  /** Service name or product, case-insensitive substring ("http", "nginx"). */
  service: z.string().trim().max(120).optional(),
  /** Free text in asset name and key, domains, addresses, products and certificate names. */
  q: z.string().trim().max(200).optional(),
  /** `internet`: only internet-facing assets. */
  scope: z.enum(attackSurfaceScopes).default("all"),
  sort: z.enum(attackSurfaceSorts).default("newest"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AttackSurfaceQuery = z.output<typeof attackSurfaceQuerySchema>;
export type AttackSurfaceQueryInput = z.input<typeof attackSurfaceQuerySchema>;

export const surfaceCertificateSchema = z.object({
  id: z.string(),
  subjectCn: z.string().nullable(),
  subjectAltNames: z.array(z.object({ type: z.string(), value: z.string() })),
  issuerCn: z.string().nullable(),
  issuer: z.string().nullable(),
  notBefore: z.string().nullable(),
  notAfter: z.string().nullable(),
  /** Whole days until notAfter (negative once expired); null when the scan gave no validity. */
  daysToExpiry: z.number().int().nullable(),
  expiry: z.enum(certificateExpiryStates),
  /** Issuer and subject are the same name: nobody vouches for it. */
  selfSigned: z.boolean(),
  sha1: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type SurfaceCertificate = z.output<typeof surfaceCertificateSchema>;

/**
 * An open port on an asset: from an nmap scan, (assets no scan covered) the port of an open
 * finding, or an informational scanner result kept with --include-info ("scanner").
 */
export const surfaceServiceSchema = z.object({
  id: z.string(),
  source: z.enum(["nmap", "findings", "scanner"]),
  address: z.string().nullable(),
  hostname: z.string().nullable(),
  protocol: z.string(),
  port: z.number().int(),
  name: z.string().nullable(),
  product: z.string().nullable(),
  version: z.string().nullable(),
  tls: z.boolean(),
  /** Open in the latest scan of its address and not in the one before (never on a tenant's first scan). */
  isNew: z.boolean(),
  firstSeenAt: z.string().nullable(),
  /** Start of the current open period (a port closed and opened again starts a new one). */
  openedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  certificate: surfaceCertificateSchema.nullable(),
  /** "scanner: title" of informational results that name this port (at most 5). */
  observations: z.array(z.string()),
});
export type SurfaceService = z.output<typeof surfaceServiceSchema>;

export const surfaceAssetSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  assetKey: z.string(),
  name: z.string(),
  type: z.string(),
  internetFacing: z.boolean(),
  /** Host names from scans and inventory, and DNS names the certificates carry. */
  domains: z.array(z.string()),
  addresses: z.array(
    z.object({
      address: z.string(),
      public: z.boolean(),
      lastScannedAt: z.string().nullable(),
      previousScannedAt: z.string().nullable(),
    }),
  ),
  services: z.array(surfaceServiceSchema),
  /** Services the latest scan of their address no longer found open. */
  closedServices: z.array(
    z.object({
      id: z.string(),
      address: z.string(),
      protocol: z.string(),
      port: z.number().int(),
      name: z.string().nullable(),
      state: z.string(),
      closedAt: z.string(),
    }),
  ),
  openFindings: z.number().int(),
  criticalFindings: z.number().int(),
  lastScannedAt: z.string().nullable(),
});
export type SurfaceAsset = z.output<typeof surfaceAssetSchema>;

export const attackSurfaceSummarySchema = z.object({
  /** Assets with a scanned address or marked internet-facing. */
  assets: z.number().int(),
  internetFacing: z.number().int(),
  openServices: z.number().int(),
  newServices: z.number().int(),
  certificatesExpiring: z.number().int(),
  certificatesExpired: z.number().int(),
  /** Internet-facing assets with at least one open Critical finding. */
  internetFacingWithCritical: z.number().int(),
  lastScanAt: z.string().nullable(),
  previousScanAt: z.string().nullable(),
});
export type AttackSurfaceSummary = z.output<typeof attackSurfaceSummarySchema>;

export const attackSurfaceSchema = z.object({
  summary: attackSurfaceSummarySchema,
  items: z.array(surfaceAssetSchema),
  /** Assets matching the filters (items is one page of them). */
  total: z.number().int(),
});
export type AttackSurface = z.output<typeof attackSurfaceSchema>;

const problemsSchema = z.array(z.object({ field: z.string(), reason: z.string() }));

/** What one nmap import did; `baseline` is a tenant's first scan, whose services are never "new". */
export const surfaceImportReportSchema = z.object({
  importId: z.string(),
  format: z.literal("nmap"),
  filename: z.string().nullable(),
  nmapVersion: z.string().nullable(),
  scannedAt: z.string(),
  baseline: z.boolean(),
  rowsRead: z.number().int(),
  skipped: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  rejected: z.array(z.object({ row: z.number().int(), problems: problemsSchema })),
  rejectedCount: z.number().int(),
  /** Rejected hosts kept in quarantine, and those only counted (over the quarantine limit). */
  quarantined: z.number().int(),
  notQuarantined: z.number().int(),
  hosts: z.number().int(),
  hostsNew: z.number().int(),
  internetFacingHosts: z.number().int(),
  assetsCreated: z.number().int(),
  assetsMatched: z.number().int(),
  services: z.object({
    open: z.number().int(),
    new: z.number().int(),
    seen: z.number().int(),
    closed: z.number().int(),
    notOpen: z.number().int(),
  }),
  certificates: z.object({ total: z.number().int(), new: z.number().int(), seen: z.number().int() }),
});
export type SurfaceImportReport = z.output<typeof surfaceImportReportSchema>;

export const surfaceImportSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  filename: z.string().nullable(),
  nmapVersion: z.string().nullable(),
  args: z.string().nullable(),
  scannedAt: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  baseline: z.boolean(),
  hosts: z.number().int(),
  servicesOpen: z.number().int(),
  servicesNew: z.number().int(),
  servicesClosed: z.number().int(),
  certificates: z.number().int(),
  rejected: z.number().int(),
});
export type SurfaceImport = z.output<typeof surfaceImportSchema>;
export const surfaceImportsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const surfaceImportListSchema = z.object({ items: z.array(surfaceImportSchema) });
export type SurfaceImportList = z.output<typeof surfaceImportListSchema>;
