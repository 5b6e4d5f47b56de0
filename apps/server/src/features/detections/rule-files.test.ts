import { detectionLimits } from "@watchfloor/shared";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { RuleUploadError, ruleFilesOf } from "./rule-files";

const zip = (files: Record<string, string | Uint8Array>) =>
  Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === "string" ? Buffer.from(v) : v]))),
  );
const refusal = (bytes: Buffer) => {
  try {
    ruleFilesOf(bytes, "x.zip");
    return "accepted";
  } catch (error) {
    expect(error).toBeInstanceOf(RuleUploadError);
    return (error as Error).message;
  }
};

describe("rule files", () => {
  it("reads a plain YAML file, and the .yml/.yaml entries of a zip outside hidden folders", () => {
    expect(ruleFilesOf(Buffer.from("\uFEFFtitle: x"), "a.yml")).toEqual([{ name: "a.yml", text: "title: x" }]);
    const files = ruleFilesOf(
      zip({ "rules/b.yaml": "b", "rules/a.yml": "a", "README.md": "no", ".github/c.yml": "no" }),
      "r.zip",
    );
    expect(files.map((f) => f.name)).toEqual(["rules/a.yml", "rules/b.yaml"]);
  });

  it("refuses zips past the limits, broken zips and non-text files", () => {
    const big = "x".repeat(detectionLimits.ruleBytes + 1);
    expect(refusal(zip({ "big.yml": big }))).toMatch(/big.yml is larger than 256 KB/);
    expect(refusal(zip({ "README.md": "x" }))).toMatch(/no .yml or .yaml files/);
    expect(refusal(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(30, 7)]))).toMatch(/not a readable zip/);
    expect(refusal(zip({ "a.yml": new Uint8Array([0xff, 0xfe, 0x00]) }))).toMatch(/not UTF-8|NUL/);
    expect(() => ruleFilesOf(Buffer.from(big), "big.yml")).toThrow(/larger than/);
  });

  it("refuses more rule files than a zip may hold", () => {
    const many: Record<string, string> = {};
    for (let i = 0; i <= detectionLimits.zipEntries; i++) many[`r${i}.yml`] = "x";
    expect(refusal(zip(many))).toMatch(/more than 5000 rule files/);
  });
});
