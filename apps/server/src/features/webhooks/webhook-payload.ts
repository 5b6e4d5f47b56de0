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

/** Slack reads &, < and > as markup (links, mentions): names from alerts must not make any. */
const slackText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** Teams reads Markdown: a name from an alert must not make a link or emphasis. */
const teamsText = (text: string) => text.replace(/[\\`*_[\]()<>#!|~]/g, (c) => `\\${c}`);

export function bodyFor(kind: WebhookKind, event: WebhookEvent): string {
  if (kind === "standard") return JSON.stringify(event);
  const { subject, rule } = event.data;
  const headline = (plain: (t: string) => string) =>
    `${rule ? `Rule "${plain(rule.name)}": ` : ""}${subject.kind} "${plain(subject.name)}"${subject.priority ? ` (${subject.priority}${subject.status ? `, ${subject.status}` : ""})` : ""}`;
  if (kind === "slack") return JSON.stringify({ text: `Watchfloor: ${headline(slackText)} <${subject.link}|open>` });
  return JSON.stringify({
    "@type": "MessageCard",
    "@context": "https://schema.org/extensions",
    summary: `Watchfloor: ${headline((t) => t)}`,
    text: `Watchfloor: ${headline(teamsText)}. [Open in Watchfloor](${subject.link})`,
  });
}
