import type { WEBHOOK_PAYLOAD_VERSION, WebhookKind } from "@watchfloor/shared";

/**
 * What a webhook receives. Standard webhooks get `{type, timestamp, data}` (the Standard Webhooks
 * payload shape) with a versioned `data`; Slack and Teams incoming webhooks get a text message.
 */
export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: {
    version: typeof WEBHOOK_PAYLOAD_VERSION;
    tenantId: string;
    rule: { id: string; name: string } | null;
    subject: {
      kind: "alert" | "incident" | "finding" | "compliance" | "test";
      id: string;
      name: string;
      priority: string | null;
      status: string | null;
      link: string;
    };
  };
}

export function bodyFor(kind: WebhookKind, event: WebhookEvent): string {
  if (kind === "standard") return JSON.stringify(event);
  const { subject, rule } = event.data;
  const headline = `${rule ? `Rule "${rule.name}": ` : ""}${subject.kind} "${subject.name}"${subject.priority ? ` (${subject.priority}${subject.status ? `, ${subject.status}` : ""})` : ""}`;
  if (kind === "slack") return JSON.stringify({ text: `Watchfloor: ${headline} <${subject.link}|open>` });
  return JSON.stringify({
    "@type": "MessageCard",
    "@context": "https://schema.org/extensions",
    summary: `Watchfloor: ${headline}`,
    text: `Watchfloor: ${headline}. [Open in Watchfloor](${subject.link})`,
  });
}
