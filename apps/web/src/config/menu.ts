import {
  Bug,
  ClipboardCheck,
  Cloud,
  Crosshair,
  FileChartColumn,
  Gauge,
  LayoutDashboard,
  type LucideIcon,
  Radar,
  ScanSearch,
  Settings,
  ShieldCheck,
  Siren,
  Workflow,
} from "lucide-react";
import { type EntitledModule, entitledModules } from "@watchfloor/shared";
import { paths } from "./paths";

export type MenuSubItem = { id: string; label: string; path: string; built?: boolean };
export type MenuEntry = {
  id: string;
  /** Printed above the entry: starts a new group in the sidebar. */
  heading?: string;
  label: string;
  icon: LucideIcon;
  /** Entries with sub-items toggle open instead of navigating; `path` is then their section root. */
  path?: string;
  subItems?: MenuSubItem[];
  /** False while the module is not part of this build: its routes show a "not available yet" page. */
  built?: boolean;
};

/**
 * The sidebar menu. The spec's Incidents sub-items reused the Reports paths; here every
 * sub-item has its own path under its section (documented in apps/web/README.md).
 */
export const menu: MenuEntry[] = [
  { id: "dashboard", label: "Dashboard", icon: LayoutDashboard, path: paths.dashboard, built: true },
  {
    id: "reports",
    label: "Reports",
    icon: FileChartColumn,
    path: paths.reports.root,
    built: true,
    subItems: [
      { id: "reports-executive", label: "Executive Reports", path: paths.reports.executive, built: true },
      { id: "reports-service", label: "Service Reports", path: paths.reports.service, built: true },
      { id: "reports-incidents", label: "Incidents", path: paths.reports.incidents, built: true },
      { id: "reports-threat", label: "Threat Reports", path: paths.reports.threat, built: true },
    ],
  },
  {
    id: "incidents",
    label: "Incidents",
    icon: Siren,
    path: paths.incidents.root,
    built: true,
    subItems: [
      { id: "incidents-create", label: "Create", path: paths.incidents.create },
      { id: "incidents-open", label: "Open", path: paths.incidents.open },
      { id: "incidents-closed", label: "Closed", path: paths.incidents.closed },
      { id: "incidents-all", label: "All", path: paths.incidents.all },
    ],
  },
  {
    id: "risk",
    label: "Risk",
    icon: Gauge,
    path: paths.risk.root,
    built: true,
    subItems: [
      { id: "risk-executive", label: "Executive Risk View", path: paths.risk.executive, built: true },
      { id: "risk-cloud-posture", label: "Cloud Posture", path: paths.risk.cloudPosture, built: true },
      { id: "risk-vulnerabilities", label: "Vulnerabilities", path: paths.risk.vulnerabilities, built: true },
      // Not in the spec's menu: coverage of ATT&CK techniques is risk posture (apps/web/README.md).
      { id: "risk-attack", label: "ATT&CK Coverage", path: paths.risk.attack, built: true },
      { id: "risk-map", label: "Incident Map", path: paths.map, built: true },
    ],
  },
  { id: "attack-surface", label: "Attack Surface", icon: Radar, path: paths.attackSurface, built: true },
  {
    id: "compliance",
    label: "Compliance",
    icon: ClipboardCheck,
    path: paths.compliance.root,
    built: true,
    subItems: [
      { id: "compliance-agent", label: "Agent-Based Compliance", path: paths.compliance.agent, built: true },
      { id: "compliance-cloud", label: "Cloud Compliance", path: paths.compliance.cloud, built: true },
    ],
  },
  { id: "automation", label: "Automation", icon: Workflow, path: paths.automation.root, built: true },
  { id: "administration", label: "Administration", icon: Settings, path: paths.administration, built: true },
  { id: "vm", heading: "Solutions", label: "VM", icon: Bug, path: paths.vm, built: true },
  { id: "mdr", label: "MDR", icon: ShieldCheck, path: paths.mdr, built: true },
  { id: "drp", heading: "Available Upgrades", label: "DRP", icon: ScanSearch, path: paths.drp, built: true },
  { id: "cloud-sec", label: "Cloud Sec", icon: Cloud, path: paths.cloudSec, built: true },
  { id: "ctem", label: "CTEM", icon: Crosshair, path: paths.ctem, built: true },
];

/** Longer names for module pages, so "VM" reads as what it is. */
const moduleDescriptions: Record<string, string> = {
  vm: "Vulnerability management",
  mdr: "Managed detection and response",
  drp: "Digital risk protection",
  "cloud-sec": "Cloud security",
  ctem: "Continuous threat exposure management",
};

/** `module`: the switchable module behind the route, whose upgrade page shows for tenants without it. */
export type ModuleRoute = { path: string; title: string; description?: string; icon: LucideIcon; module?: EntitledModule };

const entitledOf = (id: string): EntitledModule | undefined =>
  (entitledModules as readonly string[]).includes(id) ? (id as EntitledModule) : undefined;

/** Every menu path whose module is not built yet, with the title its placeholder page shows. */
export function unbuiltModuleRoutes(): ModuleRoute[] {
  const routes: ModuleRoute[] = [];
  for (const entry of menu) {
    if (entry.built) continue;
    if (entry.path)
      routes.push({
        path: entry.path,
        title: entry.label,
        description: moduleDescriptions[entry.id],
        icon: entry.icon,
        module: entitledOf(entry.id),
      });
    for (const sub of entry.subItems ?? []) {
      if (sub.built) continue;
      routes.push({ path: sub.path, title: `${entry.label} — ${sub.label}`, icon: entry.icon, module: entitledOf(entry.id) });
    }
  }
  return routes;
}
