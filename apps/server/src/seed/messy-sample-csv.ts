import { generateAlerts } from "./demo-generator";

const csvColumns =
  `id,name,assignee,date,ackDate,priority,status,services,type,rule,mitreTechniques,mitreAttackId,detectionSource,tactic,ResolType,resolutionType,avgResponseMin,avgClosureMin,ackSlaStatus,respSlaStatus,escalatedToIncident,resolvedAutomatically,ticketId,respDate,assignedDate,resolvedDate,closureNotes,detectionSla,notifySla,clientEnvironment,userRiskScore,username,userDepartment,tenant,ack_sla_status,resp_sla_status,escalatedtoincident,resolvedautomatedly,ticketid,respdate,assigneddate,resolveddate,Closure_Notes`.split(
    ",",
  );
const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** Month/day/year as the samples write it: "03/07/2024 14:05" early on, "3/7/2024", later "03-07-2024". */
function sampleDateText(value: string | null | undefined, style: "slash" | "short" | "dash"): string {
  if (!value) return "";
  const d = new Date(value);
  const [m, day, y] = [d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCFullYear()];
  const p = (n: number) => String(n).padStart(2, "0");
  if (style === "short") return `${m}/${day}/${y}`;
  if (style === "dash") return `${p(m)}-${p(day)}-${y}`;
  return `${p(m)}/${p(day)}/${y} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

/**
 * The spec's sample alert shape as CSV, with its quirks placed deterministically so an import
 * report can be checked: the first half uses the camelCase keys, true/false and MM/DD/YYYY;
 * the second half the alternate spellings (ack_sla_status, ticketid, Closure_Notes, ...), TRUE/FALSE
 * and MM-DD-YYYY. Row index i (0-based): i = 2 has status "Status"; i % 7 = 3 has ResolType "Yes";
 * i = 4 tactic "Manual"; i = 6 clientEnvironment "Malicious Insider"; i = 8 detectionSla "Manual";
 * i % 10 = 9 repeats the id of row i - 4. Closure notes hold commas, quotes and line breaks.
 */
export function generateMessySampleCsv({ seed, count }: { seed: number; count: number }): string {
  const tenants = ["Tenant_A", "Tenant_B", "Tenant_C", "Tenant_D", "Tenant_E"];
  const now = Date.UTC(2024, 5, 30, 12);
  const lines = [csvColumns.join(",")];
  let i = 0;
  for (const { tenant, alert: a } of generateAlerts({ seed, count, tenants, now, daysBack: 60 })) {
    const late = i >= count / 2;
    const bool = (v: boolean | null | undefined) => (v == null ? "" : late ? String(v).toUpperCase() : String(v));
    const date = (v: string | null | undefined) => sampleDateText(v, late ? "dash" : i % 2 ? "short" : "slash");
    const resolType = i % 7 === 3 ? "Yes" : (a.resolutionType ?? "");
    const notes = a.closureNotes ? `${a.closureNotes} Host "${a.hostname}", user ${a.username};\nticket follows` : "";
    const tech = a.mitreTechniques?.[0] ?? "";
    const row: Record<string, string> = {
      id: `INC-${1000 + (i % 10 === 9 ? i - 4 : i)}`,
      name: a.name,
      assignee: a.assignee ?? "",
      date: date(a.detectedAt),
      ackDate: date(a.acknowledgedAt),
      priority: a.priority,
      status: i === 2 ? "Status" : (a.status ?? "Open"),
      services: (a.services ?? []).concat(i % 3 === 0 ? ["VPN"] : []).join(", "),
      type: a.type ?? "",
      rule: a.rule ?? "",
      mitreTechniques: i % 4 === 0 && tech.includes(".") ? `${tech}, ${tech.split(".")[0]}` : tech,
      mitreAttackId: tech,
      detectionSource: a.detectionSource ?? "",
      tactic: i === 4 ? "Manual" : (a.tactics?.[0] ?? ""),
      [late && resolType !== "Yes" ? "resolutionType" : "ResolType"]: resolType,
      avgResponseMin: String(a.avgResponseMin ?? ""),
      avgClosureMin: String(a.avgClosureMin ?? ""),
      [late ? "ack_sla_status" : "ackSlaStatus"]: a.ackSlaStatus ?? "",
      [late ? "resp_sla_status" : "respSlaStatus"]: a.respSlaStatus ?? "",
      [late ? "escalatedtoincident" : "escalatedToIncident"]: bool(a.confirmedIncident ?? false),
      [late ? "resolvedautomatedly" : "resolvedAutomatically"]: bool(a.resolvedAutomatically),
      [late ? "ticketid" : "ticketId"]: a.ticketId ?? "",
      [late ? "respdate" : "respDate"]: date(a.respondedAt),
      [late ? "assigneddate" : "assignedDate"]: date(a.assignedAt),
      [late ? "resolveddate" : "resolvedDate"]: date(a.resolvedAt),
      [late ? "Closure_Notes" : "closureNotes"]: notes,
      detectionSla: i === 8 ? "Manual" : a.priority,
      notifySla: a.priority === "Critical" || a.priority === "High" ? "Yes" : "No",
      clientEnvironment: i === 6 ? "Malicious Insider" : (a.clientEnvironment ?? ""),
      userRiskScore: String(a.userRiskScore ?? ""),
      username: a.username ?? "",
      userDepartment: a.userDepartment ?? "",
      tenant,
    };
    lines.push(csvColumns.map((c) => csvCell(row[c] ?? "")).join(","));
    i++;
  }
  return `${lines.join("\n")}\n`;
}
