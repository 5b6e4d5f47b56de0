import { describe, expect, it } from "vitest";
import { offsetClock } from "./test-clock";

describe("offsetClock", () => {
  it("follows real time and keeps every advance", () => {
    let real = 1_000;
    const clock = offsetClock(() => real);
    expect(clock.now()).toBe(1_000);
    clock.advance(60_000);
    real += 5;
    expect(clock.now()).toBe(61_005);
    clock.advance(1);
    expect(clock.now()).toBe(61_006);
  });
});
