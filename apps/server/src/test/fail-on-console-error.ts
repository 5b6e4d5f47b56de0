import { afterEach, vi } from "vitest";

// A test that logs console.error is hiding a failure: make it fail instead.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length > 0) {
    const first = errors[0];
    errors.length = 0;
    throw new Error(`console.error was called: ${first?.map(String).join(" ")}`);
  }
  vi.restoreAllMocks();
});
