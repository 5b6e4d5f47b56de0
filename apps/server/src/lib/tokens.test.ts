import { describe, expect, it } from "vitest";
import { newId, sign, unsign } from "./tokens";

describe("tokens", () => {
  it("makes time-ordered UUIDv7 ids that sort in creation order", () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("detects a tampered signed value", () => {
    const signed = sign("payload", "secret");
    expect(unsign(signed, "secret")).toBe("payload");
    expect(unsign(`${signed}x`, "secret")).toBeNull();
    expect(unsign(signed, "other")).toBeNull();
  });
});
