import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import { databaseRateLimitStore } from "./http/rate-limit-store";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./context";
import { alertLiveRoutes } from "./features/alerts/alerts-live.routes";
import { alertRoutes } from "./features/alerts/alerts.routes";
import { savedViewRoutes } from "./features/saved-views/saved-views.routes";
import { slaRoutes } from "./features/alerts/sla.routes";
import { apiKeyRoutes } from "./features/api-keys/api-keys.routes";
import { attackRoutes } from "./features/attack/attack.routes";
import { coverageRoutes } from "./features/attack/coverage.routes";
import { assetRoutes } from "./features/assets/assets.routes";
import { attackSurfaceRoutes } from "./features/attack-surface/attack-surface.routes";
import { complianceRoutes } from "./features/compliance/compliance.routes";
import { complianceViewRoutes } from "./features/compliance/compliance-views.routes";
import { auditRoutes } from "./features/audit/audit.routes";
import { accountAdminRoutes } from "./features/auth/account-admin.routes";
import { authRoutes } from "./features/auth/auth.routes";
import { oidcRoutes } from "./features/auth/oidc.routes";
import { secondFactorRoutes } from "./features/auth/second-factor.routes";
import { dashboardRoutes } from "./features/dashboard/dashboard.routes";
import { findingSlaRoutes } from "./features/findings/finding-sla.routes";
import { findingRoutes } from "./features/findings/findings.routes";
import { healthRoutes } from "./features/health/health.routes";
import { importRoutes } from "./features/imports/imports.routes";
import { alertImportDestinations } from "./import-destinations";
import { findingImportRoutes } from "./features/findings/findings-import.routes";
import { intelRoutes } from "./features/intel/intel.routes";
import { incidentRoutes } from "./features/incidents/incidents.routes";
import { registerMetrics } from "./features/health/metrics";
import { jobRoutes } from "./features/jobs/jobs.routes";
import { reportScheduleRoutes } from "./features/reports/report-schedules.routes";
import { rollupsFor } from "./features/rollups/rollup-refresher";
import { invitationRoutes } from "./features/invitations/invitations.routes";
import { mapRoutes } from "./features/map/map.routes";
import { reportRoutes } from "./features/reports/reports.routes";
import { riskRoutes } from "./features/risk/risk.routes";
import { notificationRoutes } from "./features/notifications/notifications.routes";
import { settingsRoutes } from "./features/settings/settings.routes";
import { drpRoutes } from "./features/drp/drp.routes";
import { drpFindingRoutes } from "./features/drp/drp-findings.routes";
import { cloudSecRoutes } from "./features/cloud-sec/cloud-sec.routes";
import { automationFor } from "./features/automation/automation-engine";
import { automationRoutes } from "./features/automation/automation.routes";
import { webhookRoutes } from "./features/webhooks/webhooks.routes";
import { vmRoutes } from "./features/vm/vm.routes";
import { ctemRoutes } from "./features/ctem/ctem.routes";
import { detectionRoutes } from "./features/detections/detections.routes";
import { mdrRoutes } from "./features/mdr/mdr.routes";
import { tenantModuleRoutes } from "./features/tenants/tenant-modules.routes";
import { tenantRoutes } from "./features/tenants/tenants.routes";
import { testClockRoutes } from "./features/test-clock/test-clock.routes";
import { type RegisteredRoute, registerAuthGuard } from "./http/auth-guard";
import { registerErrorHandling } from "./http/error-handler";
import { registerNulGuard } from "./http/nul-guard";
import { registerResponseHeaders } from "./http/response-headers";

export interface BuiltApp {
  app: FastifyInstance;
  /** Every /api/v1 route with its declared policy, for the route-policy test and docs. */
  routes: RegisteredRoute[];
}

export interface AppOptions {
  logger?: boolean;
  /** Folder of the built web app; served with a history fallback when present. */
  webDist?: string;
}

/** Feature plugins mounted under /api/v1; a new feature adds one line here. */
const apiFeatures = [
  authRoutes,
  oidcRoutes,
  secondFactorRoutes,
  accountAdminRoutes,
  tenantRoutes,
  tenantModuleRoutes,
  invitationRoutes,
  apiKeyRoutes,
  auditRoutes,
  notificationRoutes,
  settingsRoutes,
  alertRoutes,
  alertLiveRoutes,
  slaRoutes,
  savedViewRoutes,
  incidentRoutes,
  (ctx: AppContext) => importRoutes(ctx, alertImportDestinations),
  findingImportRoutes,
  intelRoutes,
  attackRoutes,
  coverageRoutes,
  dashboardRoutes,
  findingRoutes,
  findingSlaRoutes,
  assetRoutes,
  mapRoutes,
  riskRoutes,
  attackSurfaceRoutes,
  drpRoutes,
  drpFindingRoutes,
  complianceRoutes,
  complianceViewRoutes,
  cloudSecRoutes,
  automationRoutes,
  webhookRoutes,
  reportRoutes,
  reportScheduleRoutes,
  jobRoutes,
  vmRoutes,
  ctemRoutes,
  detectionRoutes,
  mdrRoutes,
];

export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.env.WATCHFLOOR_LOG_LEVEL },
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: ctx.env.WATCHFLOOR_TRUST_PROXY,
    bodyLimit: 64 * 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerResponseHeaders(app);

  const widget = ctx.env.WATCHFLOOR_CHAT_WIDGET_URL ? new URL(ctx.env.WATCHFLOOR_CHAT_WIDGET_URL).origin : null;
  const extra = widget ? [widget] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra],
        connectSrc: ["'self'", ...extra],
        frameSrc: ["'self'", ...extra],
        imgSrc: ["'self'", "data:", ...extra],
        styleSrc: ["'self'", "'unsafe-inline'", ...extra],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  });
  await app.register(cookie);
  // Counted in the database, so a limit holds across servers sharing one (docs/deployment.md).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx.db) as never });
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Watchfloor API",
        version: "1",
        description: "Security-operations dashboard API. Errors share one shape: {code, message, details?, requestId}.",
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "wf_session" },
          apiKey: { type: "http", scheme: "bearer" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  registerErrorHandling(app, options.webDist && existsSync(options.webDist) ? options.webDist : undefined);
  const routes: RegisteredRoute[] = [];
  registerAuthGuard(app, ctx, routes);
  registerNulGuard(app);
  const registry = registerMetrics(app, ctx);
  await app.register(healthRoutes(ctx, registry));
  await app.register(
    async (api) => {
      // The test clock exists only when WATCHFLOOR_TEST_CLOCK is on (loadEnv: NODE_ENV=test only).
      const features = ctx.env.WATCHFLOOR_TEST_CLOCK ? [...apiFeatures, testClockRoutes] : apiFeatures;
      for (const feature of features) await api.register(feature(ctx));
    },
    { prefix: "/api/v1" },
  );

  if (options.webDist && existsSync(options.webDist)) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.webDist),
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  // Keeps the overview rollups current while the app runs (features/rollups).
  const rollups = rollupsFor(ctx);
  rollups.start((error) => app.log.error({ err: error }, "rollup refresh failed"));
  app.addHook("onClose", () => rollups.stop());
  // Answers this server's changes with the automation rules (features/automation).
  const automation = automationFor(ctx);
  automation.start((error, message) => app.log.error({ err: error }, message));
  app.addHook("onClose", async () => {
    automation.stop();
    await automation.idle();
  });
  return { app, routes };
}
