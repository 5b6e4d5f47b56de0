/**
 * The server clock end-to-end tests move (WATCHFLOOR_TEST_CLOCK, refused outside NODE_ENV=test).
 * It only ever adds an offset, so time keeps running from wherever the test left it.
 */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function offsetClock(real: () => number = Date.now): TestClock {
  let offset = 0;
  return {
    now: () => real() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}
