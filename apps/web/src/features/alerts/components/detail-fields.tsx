import type { ReactNode } from "react";
import { PriorityBadge, SlaBadge, StatusBadge } from "@/components/ui/badges";
import type { Field } from "@/components/ui/field-group";
import { Time } from "@/components/ui/time";
import type { AlertDetail, TechniqueInfo } from "../api/get-alert";

const none = <span className="text-slate-500 dark:text-slate-400">—</span>;
const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? none : String(v));
const yesNo = (v: boolean | null) => (v === null ? none : v ? "Yes" : "No");
const when = (v: string | null) => <Time iso={v} mode="absolute" />;
const items = (v: string[]) => (v.length ? v.join(", ") : none);
const minutes = (v: number | null) => (v === null ? none : `${v} min`);

/** Every field of the alert, grouped the way an analyst reads it. */
/** "T1110.003 Password Spraying"; ids the catalogue lacks stay as given, marked so. */
function techniqueList(techniques: TechniqueInfo[]): ReactNode {
  if (techniques.length === 0) return none;
  return (
    <ul className="space-y-1">
      {techniques.map((t) => (
        <li key={t.id}>
          <span className="font-mono">{t.id}</span>{" "}
          {t.name ?? <span className="text-slate-600 dark:text-slate-400">(not in the ATT&CK catalogue)</span>}
          {(t.status === "revoked" || t.status === "deprecated") && (
            <span className="ml-1 text-xs text-amber-800 dark:text-amber-300">({t.status})</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function alertFieldGroups(a: AlertDetail, techniques: TechniqueInfo[] = []): { title: string; fields: Field[] }[] {
  return [
    {
      title: "Overview",
      fields: [
        ["Priority", <PriorityBadge key="p" priority={a.priority} />],
        ["Status", <StatusBadge key="s" status={a.status} />],
        ["Tenant", a.tenantName],
        ["Rule", text(a.rule)],
        ["Type", text(a.type)],
        ["Services", items(a.services)],
        ["Confirmed incident", yesNo(a.confirmedIncident)],
        ["Follow-up", yesNo(a.followUp)],
        ["Requires follow-up", yesNo(a.requiresFollowUp)],
        ["Client play", text(a.clientPlay)],
      ],
    },
    {
      title: "People",
      fields: [
        ["Assignee", text(a.assignee)],
        ["Assigned", when(a.assignedAt)],
      ],
    },
    {
      title: "SLA and dates",
      fields: [
        ["Acknowledge SLA", <SlaBadge key="a" state={a.ackSla} />],
        ["Respond SLA", <SlaBadge key="r" state={a.respondSla} />],
        ["Acknowledge due", when(a.ackDueAt)],
        ["Respond due", when(a.respondDueAt)],
        ["Resolve due", when(a.resolveDueAt)],
        ["Occurred", when(a.occurredAt)],
        ["Detected", when(a.detectedAt)],
        ["Acknowledged", when(a.acknowledgedAt)],
        ["Responded", when(a.respondedAt)],
        ["Resolved", when(a.resolvedAt)],
        ["Closed", when(a.closedAt)],
        ["Escalated", when(a.escalatedAt)],
        ["Created", when(a.createdAt)],
        ["Updated", when(a.updatedAt)],
        ["Modified at source", when(a.modifiedAt)],
        ["Client updated", when(a.clientUpdatedAt)],
        ["Detection SLA", text(a.detectionSla)],
        ["Notify SLA", text(a.notifySla)],
        ["Imported ack SLA status", text(a.importedAckSlaStatus)],
        ["Imported respond SLA status", text(a.importedRespSlaStatus)],
        ["Avg. response", minutes(a.avgResponseMin)],
        ["Avg. closure", minutes(a.avgClosureMin)],
        ["Avg. update time", minutes(a.avgUpdateTime)],
      ],
    },
    {
      title: "ATT&CK",
      fields: [
        ["Tactics", items(a.tactics)],
        [
          "Techniques",
          techniqueList(
            techniques.length
              ? techniques
              : a.mitreTechniques.map((id) => ({ id, name: null, status: "unknown", tactics: [], url: null })),
          ),
        ],
      ],
    },
    {
      title: "Source",
      fields: [
        ["Source", a.source],
        [
          "Source id",
          <span key="id" className="font-mono break-all">
            {a.sourceId}
          </span>,
        ],
        ["Detection source", text(a.detectionSource)],
        ["Source detection source", text(a.sourceDetectionSource)],
        ["Source tool", text(a.sourceTool)],
        ["Source tools", items(a.sourceTools)],
        ["Customer source", text(a.customerSource)],
      ],
    },
    {
      title: "Environment and user",
      fields: [
        ["Environment", text(a.clientEnvironment)],
        ["Customer id", text(a.customerId)],
        ["Customer environment", text(a.customerEnv)],
        ["Device type", text(a.deviceType)],
        ["Host", text(a.hostname)],
        ["Source IP", text(a.srcIp)],
        ["Destination IP", text(a.dstIp)],
        ["User", text(a.username)],
        ["User id", text(a.userId)],
        ["Department", text(a.userDepartment)],
        ["User risk score", text(a.userRiskScore)],
      ],
    },
    {
      title: "Resolution",
      fields: [
        ["Resolution type", text(a.resolutionType)],
        ["Resolved automatically", yesNo(a.resolvedAutomatically)],
        ["Root cause", text(a.rootCause)],
        ["Closure notes", text(a.closureNotes)],
        ["Ticket", text(a.ticketId)],
      ],
    },
  ];
}
