import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { ImportFileError, sourceFromString } from "./types";

async function records(text: string) {
  const out = [];
  for await (const r of parseCsv(sourceFromString(text).lines())) out.push(r);
  return out;
}

describe("parseCsv (RFC 4180, streaming)", () => {
  it("splits plain fields and keeps empty ones", async () => {
    expect((await records("a,b,c\n1,,3\n,,\n")).map((r) => r.fields)).toEqual([
      ["a", "b", "c"],
      ["1", "", "3"],
      ["", "", ""],
    ]);
  });

  it("reads quoted commas, doubled quotes and line breaks; numbers a record by its first line", async () => {
    const text = 'id,note\n1,"a, b"\n2,"say ""hi"""\n3,"line one\nline two\n"\n4,x\n';
    const out = await records(text);
    expect(out.map((r) => [r.line, r.fields])).toEqual([
      [1, ["id", "note"]],
      [2, ["1", "a, b"]],
      [3, ["2", 'say "hi"']],
      [4, ["3", "line one\nline two\n"]],
      [7, ["4", "x"]],
    ]);
    expect(out[3]?.text).toBe('3,"line one\nline two\n"');
  });

  it("handles CRLF, a byte-order mark, blank lines, an empty quoted field and no final newline", async () => {
    const out = await records('\uFEFFa,b\r\n\r\n"",x\r\n"q",""""');
    expect(out.map((r) => [r.line, r.fields])).toEqual([
      [1, ["a", "b"]],
      [3, ["", "x"]],
      [4, ["q", '"']],
    ]);
  });

  it("keeps a stray quote inside an unquoted field as text", async () => {
    expect((await records('5" disk,ok\n')).map((r) => r.fields)).toEqual([['5" disk', "ok"]]);
  });

  it("rejects the file when a quote is never closed, naming the line it opened on", async () => {
    await expect(records('a,b\n1,"open\n2,3\n')).rejects.toThrow(ImportFileError);
    await expect(records('a,b\n1,"open\n2,3\n')).rejects.toThrow(/line 2/);
  });
});

describe("jsonErrorOffset", () => {
  it("points at the first character that breaks the grammar", async () => {
    const { jsonErrorOffset } = await import("./json-position");
    expect(jsonErrorOffset('{"a": [1, 2, {"b": null}], "c": "x\\u00e9"}')).toBe(-1);
    expect(jsonErrorOffset('{"a": }')).toBe(6);
    expect(jsonErrorOffset("[1, 2,]")).toBe(6);
    expect(jsonErrorOffset('{"a": 1} x')).toBe(9);
    expect(jsonErrorOffset('["open')).toBe(6);
  });
});
