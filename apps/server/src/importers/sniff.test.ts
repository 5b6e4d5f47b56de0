import { describe, expect, it } from "vitest";
import { unreadableTextReason } from "./sniff";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("unreadableTextReason", () => {
  it("accepts UTF-8 text: CSV, JSON, XML, accents, a BOM, tabs and CRLF", () => {
    for (const text of ["id,name\r\n1,Café ☕\r\n", '{"a": "ü"}', "<?xml version='1.0'?><nmaprun/>", "\uFEFFid\tname\n", ""]) {
      expect(unreadableTextReason(bytes(text), true)).toBeNull();
    }
  });

  it("accepts a head that ends inside a character, but not a whole file that does", () => {
    const cut = bytes("name,Café").slice(0, -1);
    expect(unreadableTextReason(cut, false)).toBeNull();
    expect(unreadableTextReason(cut, true)).toMatch(/not UTF-8 text/);
  });

  it("accepts a stray NUL in a row (refused per row later), but not a file full of them", () => {
    expect(unreadableTextReason(bytes(`id,name\n1,a\u0000b\n${"2,plain row\n".repeat(20)}`), true)).toBeNull();
    const gzipLike = Uint8Array.from({ length: 4096 }, (_, i) => (i % 16 === 0 ? 0 : 0x41 + (i % 26)));
    expect(unreadableTextReason(gzipLike, false)).toMatch(/control characters or NUL bytes/);
  });

  it("refuses invalid UTF-8, UTF-16 and control characters, saying why", () => {
    expect(unreadableTextReason(Uint8Array.from([0x61, 0xc3, 0x28, 0x62]), false)).toMatch(/not UTF-8 text: its first 4 bytes/);
    expect(unreadableTextReason(Uint8Array.from([0xff, 0xfe, 0x69, 0x00]), true)).toMatch(/UTF-16/);
    expect(unreadableTextReason(bytes(`${"\u0001".repeat(5)}${"a".repeat(95)}`), true)).toMatch(
      /too many of its first 100 characters are control characters/,
    );
  });

  it("refuses random bytes", () => {
    let seed = 7;
    const random = Uint8Array.from({ length: 65_536 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed >>> 23;
    });
    expect(unreadableTextReason(random, false)).not.toBeNull();
  });
});
