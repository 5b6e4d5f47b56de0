import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signedHeaders, verify } from "./webhook-signing";

describe("Standard Webhooks signatures", () => {
  it("are accepted by the reference library, also with a rotated secret beside the new one", () => {
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: "alert.created", data: { id: "a1" } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([current, previous], "msg_1", timestamp, body);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(`${body} `, headers)).toThrow();
    expect(verify(current, "msg_1", timestamp, body, headers["webhook-signature"])).toBe(true);
    expect(verify(current, "msg_2", timestamp, body, headers["webhook-signature"])).toBe(false);
  });
});
