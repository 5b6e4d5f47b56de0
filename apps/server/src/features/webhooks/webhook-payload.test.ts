import { describe, expect, it } from "vitest";
import { bodyFor, type WebhookEvent } from "./webhook-payload";

const event = (name: string): WebhookEvent => ({
  type: "alert.created",
  timestamp: "2026-11-26T10:00:00.000Z",
  data: {
    version: 1,
    tenantId: "t1",
    rule: { id: "r1", name: "Beacons" },
    subject: { kind: "alert", id: "a1", name, priority: "High", status: "Open", link: "https://soc.example.test/a1" },
  },
});

describe("webhook bodies", () => {
  it("sends the versioned event as it is to standard receivers", () => {
    expect(JSON.parse(bodyFor("standard", event("x")))).toEqual(event("x"));
  });

  it("keeps names from alerts from making links or mentions in Slack and Teams", () => {
    const hostile = "<https://evil.example|Reset your password> & [click](https://evil.example) *now*";
    const slack = JSON.parse(bodyFor("slack", event(hostile))).text as string;
    expect(slack).toContain("&lt;https://evil.example|Reset your password&gt; &amp; [click]");
    expect(slack).toMatch(/<https:\/\/soc\.example\.test\/a1\|open>$/);
    const teams = JSON.parse(bodyFor("teams", event(hostile))).text as string;
    expect(teams).toContain("\\[click\\]\\(https://evil.example\\) \\*now\\*");
    expect(teams).toContain("[Open in Watchfloor](https://soc.example.test/a1)");
  });
});
