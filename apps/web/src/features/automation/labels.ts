import {
  type AutomationActionType,
  type AutomationSubject,
  type AutomationTrigger,
  type Condition,
  type ConditionOp,
  subjectFields,
} from "@watchfloor/shared";
import { alertPath, paths } from "@/config/paths";

/** Words the automation pages use for the contract's names. */
export const triggerLabels: Record<AutomationTrigger, string> = {
  "alert.created": "Alert created",
  "alert.changed": "Alert changed (status, priority, assignee)",
  "alert.sla_at_risk": "Alert SLA at risk",
  "alert.sla_breached": "Alert SLA breached",
  "incident.created": "Incident created",
  "incident.changed": "Incident changed (status, priority, owner)",
  "finding.created": "Finding created (scanner import)",
  "finding.known_exploited": "Finding newly known-exploited (KEV)",
  "compliance.newly_failing": "Compliance control newly failing (scan import)",
  schedule: "On a schedule (open alerts)",
};

export const opLabels: Record<ConditionOp, string> = {
  equals: "equals",
  notEquals: "does not equal",
  in: "is one of (comma-separated)",
  contains: "contains",
  startsWith: "starts with",
  endsWith: "ends with",
  matches: "matches regular expression (RE2)",
  cidr: "is in CIDR range",
  gt: "is greater than",
  gte: "is at least",
  lt: "is less than",
  lte: "is at most",
  exists: "is set",
};

export const actionLabels: Record<AutomationActionType, string> = {
  assign: "Assign to a person",
  assignRoundRobin: "Assign round-robin",
  setPriority: "Set priority",
  setStatus: "Set status",
  addTags: "Add tags",
  escalate: "Escalate to a new incident",
  group: "Group into an incident",
  close: "Close with a reason",
  notify: "Notify people",
  webhook: "Call a webhook",
};

/** Actions a provider-wide rule takes with other tenants' webhooks, which this reader does not see. */
export const hiddenLabel = (n: number): string[] =>
  n === 0 ? [] : [`${n} ${n === 1 ? "webhook" : "webhooks"} of tenants you do not see`];

/** A condition read aloud: `Name contains "beacon" and not Host name starts with "lab-"`. */
export function describeCondition(condition: Condition, subject: AutomationSubject): string {
  const fields = subjectFields[subject];
  const part = (c: Condition, nested: boolean): string => {
    if ("all" in c) return wrap(c.all.map((x) => part(x, true)).join(" and "), nested && c.all.length > 1);
    if ("any" in c) return wrap(c.any.map((x) => part(x, true)).join(" or "), nested && c.any.length > 1);
    if ("not" in c) return `not ${part(c.not, true)}`;
    const label = fields[c.field]?.label ?? c.field;
    if (c.op === "exists") return c.value === false ? `${label} is empty` : `${label} is set`;
    const value = Array.isArray(c.value) ? c.value.map((v) => `"${v}"`).join(", ") : `"${String(c.value)}"`;
    return `${label} ${opLabels[c.op].replace(" (comma-separated)", "")} ${value}`;
  };
  return part(condition, false);
}

const wrap = (text: string, parens: boolean) => (parens ? `(${text})` : text);

/** Where a rule's subject lives in the product (a failing compliance result has no page of its own). */
export function subjectPath(subject: AutomationSubject, id: string): string | null {
  if (subject === "alert") return alertPath(id);
  if (subject === "finding") return paths.risk.finding.replace(":findingId", encodeURIComponent(id));
  if (subject === "compliance") return null;
  return paths.incidents.case.replace(":incidentId", encodeURIComponent(id));
}

export const subjectLabels: Record<AutomationSubject, string> = {
  alert: "Alert",
  incident: "Incident",
  finding: "Finding",
  compliance: "Failing control",
};
