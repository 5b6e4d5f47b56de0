import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ImportFileError, type ImportSource, sourceFromFile, sourceFromString } from "../types";
import { complianceJsonItems, jsonArrayItems } from "./json-array";

/** A source whose pieces are `size` characters long, so items, strings and escapes straddle pieces. */
function tinyChunks(text: string, size: number): ImportSource {
  const base = sourceFromString(text);
  return {
    ...base,
    async *chunks() {
      for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
    },
  };
}

const drain = async (items: AsyncIterable<{ value?: unknown; row: number }>) => {
  const out: unknown[] = [];
  for await (const item of items) out.push(item.value);
  return out;
};

describe("jsonArrayItems", () => {
  const tricky = `\uFEFF [ {"a": "x, ] } [ \\" y", "b": [1, {"c": "}"}]},\n 2, "three", null, [], {"d": "\\\\"} ]  \n`;

  it.each([1, 2, 3, 7, 64])("gives the items JSON.parse gives, whatever the piece size (%i)", async (size) => {
    expect(await drain(jsonArrayItems(tinyChunks(tricky, size)))).toEqual(JSON.parse(tricky.replace("\uFEFF", "")));
  });

  it("numbers items from 1 and keeps each item's text", async () => {
    const rows: [number, string][] = [];
    for await (const item of jsonArrayItems(sourceFromString('[{"a":1} , {"b":2}]'))) rows.push([item.row, item.text]);
    expect(rows).toEqual([
      [1, '{"a":1}'],
      [2, '{"b":2}'],
    ]);
  });

  it("an empty array has no items", async () => {
    expect(await drain(jsonArrayItems(sourceFromString(" [ ] ")))).toEqual([]);
  });

  it.each([
    ['[{"a": 1}, {"b": 2}', /cut off/],
    ['[{"a": 1},]', /item 2 of the array is empty/],
    ['[{"a": 1}] x', /text after the array/],
    ['[{"a": nope}]', /item 1/],
    ['{"a": 1}', /not a JSON array/],
    ['[{"a": 1}}]', /unexpected }/],
  ])("%s is unreadable", async (text, message) => {
    await expect(drain(jsonArrayItems(sourceFromString(text)))).rejects.toThrow(ImportFileError);
    await expect(drain(jsonArrayItems(sourceFromString(text)))).rejects.toThrow(message);
  });

  it("reads the shared Prowler OCSF file as JSON.parse does", async () => {
    const file = path.resolve(
      fileURLToPath(new URL("../../../../../../shared/data/compliance/prowler/prowler_aws_many_vuln.ocsf.json", import.meta.url)),
    );
    expect(await drain(jsonArrayItems(sourceFromFile(file)))).toEqual(JSON.parse(readFileSync(file, "utf8")));
  });

  it("complianceJsonItems: an array streams, JSON lines stay lines", async () => {
    expect(await drain(complianceJsonItems(sourceFromString('\n[{"a":1},{"b":2}]')))).toEqual([{ a: 1 }, { b: 2 }]);
    const lines: number[] = [];
    for await (const item of complianceJsonItems(sourceFromString('{"a":1}\n\n{"b":2}\n'))) lines.push(item.row);
    expect(lines).toEqual([1, 3]);
  });
});
