import { describe, expect, it } from "vitest";
import { jsonTextTooDeep, valueTooDeep } from "./json-depth";

const nested = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;

describe("JSON depth", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(jsonTextTooDeep(nested(64), 64)).toBe(false);
    expect(jsonTextTooDeep(nested(65), 64)).toBe(true);
    expect(jsonTextTooDeep(`{"a":"${"[".repeat(500)}","b":{"c":[1]}}`, 3)).toBe(false);
    expect(jsonTextTooDeep(`{"a":"\\"[[[[","b":{"c":[{}]}}`, 3)).toBe(true);
  });

  it("walks parsed values without recursion, 20,000 levels included", () => {
    const deep = JSON.parse(nested(20_000));
    expect(valueTooDeep(deep, 64)).toBe(true);
    expect(valueTooDeep({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(valueTooDeep({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(valueTooDeep("text", 0)).toBe(false);
  });
});
