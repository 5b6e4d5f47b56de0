import type { Notification } from "@watchfloor/shared";

const kindLabels: Record<string, string> = {
  new_device_sign_in: "New sign-in",
  invitation_accepted: "Invitation accepted",
  api_key_creator_removed: "API key left behind",
  sla_breach: "SLA breach",
  assignment: "Assignment",
  plan_expiry: "Plan expiry",
  product_news: "Product news",
  compliance_exception_expired: "Exception expired",
  vm_acceptance_expired: "Risk acceptance expired",
  compliance_newly_failing: "Newly failing controls",
  data_source_silent: "Data source silent",
  drp_high_confidence: "Digital risk",
};

export function notificationKindLabel(n: Notification): string {
  return kindLabels[n.kind] ?? n.kind.replaceAll("_", " ");
}
