/**
 * The spec's sample alert keys, folded (lower case, no "_", "-" or spaces), to the canonical field
 * and how its value is read. Folding makes `ack_sla_status`, `ackSlaStatus` and `Closure_Notes`
 * one key; the aliases that do not fold together (`ResolType`, `resolvedautomatedly`, `date`
 * and `alertDetectionDate`) are listed explicitly.
 */
export type SampleKind =
  | "text"
  | "list"
  | "date"
  | "number"
  | "boolean"
  | "techniques"
  | "tactics"
  | "priority"
  | "status"
  | "resolution"
  | "sla"
  | "notify"
  | "environment"
  | "keep"; // known key with no canonical field: kept in `raw` only

export type SampleField = { field: string; kind: SampleKind };

const f = (field: string, kind: SampleKind): SampleField => ({ field, kind });

export const sampleFields: Record<string, SampleField> = {
  id: f("sourceId", "text"),
  name: f("name", "text"),
  assignee: f("assignee", "text"),
  ackdate: f("acknowledgedAt", "date"),
  date: f("detectedAt", "date"),
  alertdetectiondate: f("detectedAt", "date"), // used when `date` is absent
  priority: f("priority", "priority"),
  status: f("status", "status"),
  services: f("services", "list"),
  type: f("type", "text"),
  rule: f("rule", "text"),
  mitretechniques: f("mitreTechniques", "techniques"),
  mitreattackid: f("mitreTechniques", "techniques"),
  detectionsource: f("detectionSource", "text"),
  sourcetools: f("sourceTools", "list"),
  sourcedetectionsource: f("sourceDetectionSource", "text"),
  sourcetool: f("sourceTool", "text"),
  sourceid: f("sourceId (upstream)", "keep"), // the sample's own upstream id; `id` is ours
  tactic: f("tactics", "tactics"),
  resoltype: f("resolutionType", "resolution"),
  resolutiontype: f("resolutionType", "resolution"),
  avgclosuremin: f("avgClosureMin", "number"),
  avgresponsemin: f("avgResponseMin", "number"),
  avgupdatetime: f("avgUpdateTime", "number"),
  rootcause: f("rootCause", "text"),
  tenant: f("tenant", "keep"), // the operator picks the tenant an import goes to
  ackslastatus: f("ackSlaStatus", "sla"),
  respslastatus: f("respSlaStatus", "sla"),
  escalatedtoincident: f("escalatedToIncident", "keep"), // no canonical field yet (see docs)
  resolvedautomatically: f("resolvedAutomatically", "boolean"),
  resolvedautomatedly: f("resolvedAutomatically", "boolean"),
  ticketid: f("ticketId", "text"),
  respdate: f("respondedAt", "date"),
  assigneddate: f("assignedAt", "date"),
  resolveddate: f("resolvedAt", "date"),
  closurenotes: f("closureNotes", "text"),
  dueby: f("dueAt", "date"),
  respduedate: f("respondDueAt", "date"),
  modifydate: f("modifiedAt", "date"),
  occurreddate: f("occurredAt", "date"),
  detectionsla: f("detectionSla", "priority"),
  notifysla: f("notifySla", "notify"),
  escalateddate: f("escalatedAt", "date"),
  clientupdateddate: f("clientUpdatedAt", "date"),
  clientenvironment: f("clientEnvironment", "environment"),
  followup: f("followUp", "boolean"),
  requiresfollowup: f("requiresFollowUp", "boolean"),
  confirmedincident: f("confirmedIncident", "boolean"),
  clientplay: f("clientPlay", "text"),
  customerid: f("customerId", "text"),
  devicetype: f("deviceType", "text"),
  username: f("username", "text"),
  userid: f("userId", "text"),
  userdepartment: f("userDepartment", "text"),
  userriskscore: f("userRiskScore", "number"),
  customerenv: f("customerEnv", "text"),
  customersource: f("customerSource", "text"),
};

export const foldKey = (key: string) => key.toLowerCase().replace(/[\s_-]+/g, "");

/** Keys whose canonical field takes the first non-empty value, in this order of preference. */
export const preferredFirst = ["date", "alertdetectiondate"];
