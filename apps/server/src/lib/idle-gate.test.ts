import { describe, expect, it } from "vitest";
import { IdleGate } from "./idle-gate";

const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("idle gate", () => {
  it("stays shut while the loop is busy, opens when it is idle, and opens anyway after the longest wait", async () => {
    let now = 0;
    const gate = new IdleGate(0.25, 60_000, () => now);
    spin(200);
    expect(gate.open()).toBe(false);
    await sleep(200);
    expect(gate.open()).toBe(true);
    spin(200);
    expect(gate.open()).toBe(false);
    now += 30_000;
    spin(100);
    expect(gate.open()).toBe(false);
    now += 30_000;
    spin(100);
    expect(gate.open()).toBe(true);
  });

  it("does not count the maintenance's own work once reset", async () => {
    const gate = new IdleGate();
    spin(200);
    gate.reset();
    await sleep(100);
    expect(gate.open()).toBe(true);
  });
});
