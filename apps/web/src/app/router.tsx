import { createBrowserRouter, redirect, type RouteObject } from "react-router";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { unbuiltModuleRoutes } from "@/config/menu";
import { paths } from "@/config/paths";
import { ensureSession } from "@/lib/session";
import { guestOnly, requirePendingStep, requireUser, signupGuard } from "./route-guards";
import { RootLayout } from "./routes/root-layout";
import { RouteError } from "./routes/route-error";

// Paths inside the layout are written without the leading slash (children of "/").
const rel = (path: string) => path.replace(/^\//, "");

const moduleRoutes: RouteObject[] = unbuiltModuleRoutes().map((module) => ({
  path: rel(module.path),
  handle: { module },
  lazy: async () => ({ Component: (await import("./routes/module-page")).ModulePageRoute }),
}));

const automation = () => import("./routes/automation");
const automationRoutes: RouteObject[] = [
  { path: rel(paths.automation.root), lazy: async () => ({ Component: (await automation()).AutomationRulesRoute }) },
  { path: rel(paths.automation.webhooks), lazy: async () => ({ Component: (await automation()).WebhooksRoute }) },
  { path: rel(paths.automation.newRule), lazy: async () => ({ Component: (await automation()).NewRuleRoute }) },
  { path: rel(paths.automation.rule), lazy: async () => ({ Component: (await automation()).RuleRoute }) },
  { path: rel(paths.automation.editRule), lazy: async () => ({ Component: (await automation()).EditRuleRoute }) },
];

const reports = () => import("./routes/reports");
const reportRoutes: RouteObject[] = [
  { path: rel(paths.reports.root), lazy: async () => ({ Component: (await reports()).ReportsOverviewRoute }) },
  { path: rel(paths.reports.executive), lazy: async () => ({ Component: (await reports()).ExecutiveReportRoute }) },
  { path: rel(paths.reports.service), lazy: async () => ({ Component: (await reports()).ServiceReportRoute }) },
  { path: rel(paths.reports.incidents), lazy: async () => ({ Component: (await reports()).IncidentsReportRoute }) },
  { path: rel(paths.reports.threat), lazy: async () => ({ Component: (await reports()).ThreatReportRoute }) },
  { path: rel(paths.reports.incidentDocument), lazy: async () => ({ Component: (await reports()).IncidentDocumentRoute }) },
];
const compliance = () => import("./routes/compliance");
const complianceRoutes: RouteObject[] = [
  { path: rel(paths.compliance.root), loader: () => redirect(paths.compliance.agent) },
  { path: rel(paths.compliance.agent), lazy: async () => ({ Component: (await compliance()).AgentComplianceRoute }) },
  { path: rel(paths.compliance.cloud), lazy: async () => ({ Component: (await compliance()).CloudComplianceRoute }) },
  { path: rel(paths.compliance.import), lazy: async () => ({ Component: (await compliance()).ComplianceImportRoute }) },
  { path: rel(paths.compliance.target), lazy: async () => ({ Component: (await compliance()).ComplianceTargetRoute }) },
  { path: rel(paths.compliance.control), lazy: async () => ({ Component: (await compliance()).ComplianceControlRoute }) },
];
const detections = () => import("./routes/automation-detections");
const detectionRoutes: RouteObject[] = [
  { path: rel(paths.automation.detections), lazy: async () => ({ Component: (await detections()).DetectionsRoute }) },
  { path: rel(paths.automation.detectionRule), lazy: async () => ({ Component: (await detections()).DetectionRuleRoute }) },
];
const incidents = () => import("./routes/incidents/alerts-list");
const cases = () => import("./routes/incidents/cases");
const imports = () => import("./routes/incidents/import");
const vulnerabilities = () => import("./routes/vulnerabilities");
const vulnerabilityRoutes: RouteObject[] = [
  { path: rel(paths.risk.vulnerabilities), lazy: async () => ({ Component: (await vulnerabilities()).VulnerabilitiesRoute }) },
  { path: rel(paths.risk.finding), lazy: async () => ({ Component: (await vulnerabilities()).FindingRoute }) },
  { path: rel(paths.risk.asset), lazy: async () => ({ Component: (await vulnerabilities()).AssetRoute }) },
  { path: rel(paths.risk.scanImport), lazy: async () => ({ Component: (await vulnerabilities()).ScanImportRoute }) },
];
const incidentRoutes: RouteObject[] = [
  { path: rel(paths.incidents.root), loader: () => redirect(paths.incidents.open) },
  { path: rel(paths.incidents.open), lazy: async () => ({ Component: (await incidents()).OpenAlertsRoute }) },
  { path: rel(paths.incidents.closed), lazy: async () => ({ Component: (await incidents()).ClosedAlertsRoute }) },
  { path: rel(paths.incidents.all), lazy: async () => ({ Component: (await incidents()).AllAlertsRoute }) },
  {
    path: rel(paths.incidents.alert),
    lazy: async () => ({ Component: (await import("./routes/incidents/alert-detail")).AlertDetailRoute }),
  },
  {
    path: rel(paths.incidents.create),
    lazy: async () => ({ Component: (await import("./routes/incidents/create-incident")).CreateIncidentRoute }),
  },
  { path: rel(paths.incidents.cases), lazy: async () => ({ Component: (await cases()).IncidentsListRoute }) },
  { path: rel(paths.incidents.case), lazy: async () => ({ Component: (await cases()).IncidentDetailRoute }) },
  { path: rel(paths.incidents.import), lazy: async () => ({ Component: (await imports()).ImportRoute }) },
  { path: rel(paths.incidents.quarantine), lazy: async () => ({ Component: (await imports()).QuarantineRoute }) },
];

export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    Component: RootLayout,
    HydrateFallback: FullScreenSpinner,
    errorElement: <RouteError />,
    loader: () => ensureSession(),
    children: [
      {
        path: rel(paths.login),
        loader: guestOnly,
        lazy: async () => ({ Component: (await import("./routes/login")).LoginRoute }),
      },
      {
        path: rel(paths.signup),
        loader: signupGuard,
        lazy: async () => ({ Component: (await import("./routes/signup")).SignupRoute }),
      },
      {
        path: rel(paths.accountStep),
        loader: requirePendingStep,
        lazy: async () => ({ Component: (await import("./routes/account-step")).AccountStepRoute }),
      },
      {
        id: "app",
        loader: requireUser,
        lazy: async () => ({ Component: (await import("./routes/app-layout")).AppLayoutRoute }),
        children: [
          {
            // Errors below keep the sidebar and header, so there is always a way back.
            errorElement: <RouteError inLayout />,
            children: [
              { index: true, loader: () => redirect(paths.dashboard) },
              {
                path: rel(paths.dashboard),
                lazy: async () => ({ Component: (await import("./routes/dashboard")).DashboardRoute }),
              },
              {
                path: rel(paths.risk.attack),
                lazy: async () => ({ Component: (await import("./routes/attack")).AttackRoute }),
              },
              { path: rel(paths.attack), loader: () => redirect(paths.risk.attack) },
              { path: rel(paths.risk.root), loader: () => redirect(paths.risk.executive) },
              {
                path: rel(paths.risk.executive),
                lazy: async () => ({ Component: (await import("./routes/risk-executive")).ExecutiveRiskRoute }),
              },
              {
                path: rel(paths.risk.cloudPosture),
                lazy: async () => ({ Component: (await import("./routes/cloud-posture")).CloudPostureRoute }),
              },
              { path: rel(paths.map), lazy: async () => ({ Component: (await import("./routes/map")).IncidentMapRoute }) },
              {
                path: rel(paths.attackSurface),
                lazy: async () => ({ Component: (await import("./routes/attack-surface")).AttackSurfaceRoute }),
              },
              { path: rel(paths.drp), lazy: async () => ({ Component: (await import("./routes/drp")).DrpRoute }) },
              ...automationRoutes,
              {
                path: rel(paths.cloudSec),
                lazy: async () => ({ Component: (await import("./routes/cloud-sec")).CloudSecRoute }),
              },
              { path: rel(paths.vm), lazy: async () => ({ Component: (await import("./routes/vm")).VmRoute }) },
              { path: rel(paths.ctem), lazy: async () => ({ Component: (await import("./routes/ctem")).CtemRoute }) },
              ...detectionRoutes,
              { path: rel(paths.mdr), lazy: async () => ({ Component: (await import("./routes/mdr")).MdrRoute }) },
              ...moduleRoutes,
              ...reportRoutes,
              ...complianceRoutes,
              ...incidentRoutes,
              ...vulnerabilityRoutes,
              { path: rel(paths.search), lazy: async () => ({ Component: (await import("./routes/search")).SearchRoute }) },
              {
                path: rel(paths.notifications),
                lazy: async () => ({ Component: (await import("./routes/notifications")).NotificationsRoute }),
              },
              { path: rel(paths.profile), lazy: async () => ({ Component: (await import("./routes/profile")).ProfileRoute }) },
              { path: rel(paths.settings), lazy: async () => ({ Component: (await import("./routes/settings")).SettingsRoute }) },
              { path: rel(paths.help), lazy: async () => ({ Component: (await import("./routes/help")).HelpRoute }) },
              {
                path: rel(paths.administration),
                lazy: async () => ({ Component: (await import("./routes/administration")).AdministrationRoute }),
              },
              { path: "*", lazy: async () => ({ Component: (await import("./routes/not-found")).NotFoundRoute }) },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
