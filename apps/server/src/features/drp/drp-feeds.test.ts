import { describe, expect, it } from "vitest";
import { ImportFileError, type ImportSource } from "../../importers/types";
import { type FeedEvent, readCertificates, readDomainList, readLeaks } from "./drp-feeds";
import { hostsInText, normaliseHost } from "./drp-hosts";

const source = (text: string): ImportSource => ({
  text: async () => text,
  async *lines() {
    for (const line of text.split(/\r?\n/)) yield line;
  },
});
const read = async (events: AsyncIterable<FeedEvent>) => {
  const out: FeedEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
};

describe("DRP host names", () => {
  it("keeps host names in their registrable ASCII form and refuses what is not one", () => {
    expect(normaliseHost("HTTPS://Login.Exarnple.COM:8443/path?q=1")).toBe("login.exarnple.com");
    expect(normaliseHost("*.exarnple.com.")).toBe("exarnple.com");
    expect(normaliseHost("еxample.com")).toBe("xn--xample-2of.com");
    expect(normaliseHost("10.0.0.1")).toBeNull();
    expect(normaliseHost("not a domain")).toBeNull();
    expect(normaliseHost("localhost")).toBeNull();
    expect(hostsInText('GET "https://exarnple.com/login" from user@mail.corp.example; see exmple.net.')).toEqual([
      "exarnple.com",
      "mail.corp.example",
      "exmple.net",
    ]);
  });
});

describe("DRP feed readers", () => {
  it("reads a newly-registered list, skipping comments and blank lines, rejecting non-domains", async () => {
    const events = await read(
      readDomainList(source("# whoisds 2026-11-26\n\nexarnple.com\nexmple.net 2026-11-26\n// note\nnot_a domain\n")),
    );
    expect(events).toEqual([
      { kind: "hosts", row: 3, hosts: ["exarnple.com"], detail: "exarnple.com" },
      { kind: "hosts", row: 4, hosts: ["exmple.net"], detail: "exmple.net" },
      { kind: "rejected", row: 6, problems: [{ field: "domain", reason: "is not a domain name" }], raw: "not_a domain" },
    ]);
  });

  it("reads certificate names from crt.sh, names and dns_names shapes, JSON lines or an array", async () => {
    const lines = [
      JSON.stringify({
        name_value: "exarnple.com\n*.exarnple.com\nwww.exarnple.com",
        issuer_name: "C=US, O=Let's Encrypt",
        not_before: "2026-11-20T00:00:00",
      }),
      JSON.stringify({ names: ["exmple.net", "bad name"] }),
      JSON.stringify({ dns_names: ["example-login.org"] }),
      JSON.stringify({ serial: "01" }),
      "{not json",
      JSON.stringify({ names: ["nothing valid"] }),
    ].join("\n");
    const events = await read(readCertificates(source(lines)));
    expect(events[0]).toEqual({
      kind: "hosts",
      row: 1,
      hosts: ["exarnple.com", "www.exarnple.com"],
      detail: "issuer C=US, O=Let's Encrypt, not before 2026-11-20T00:00:00",
    });
    expect(events[1]).toMatchObject({ kind: "hosts", hosts: ["exmple.net"] });
    expect(events[2]).toMatchObject({ kind: "hosts", hosts: ["example-login.org"] });
    expect(events.slice(3).map((e) => (e.kind === "rejected" ? [e.row, e.problems[0]?.field] : e.kind))).toEqual([
      [4, "names"],
      [5, "line"],
      [6, "names"],
    ]);
    const array = await read(
      readCertificates(source(JSON.stringify([{ name_value: "exmple.com" }, { dns_names: "a.exmple.com" }]))),
    );
    expect(array.map((e) => e.kind === "hosts" && e.hosts)).toEqual([["exmple.com"], ["a.exmple.com"]]);
  });

  it("reads leaked credentials from CSV and JSON, keeping no password anywhere", async () => {
    const csv =
      "Email;Password;Source;Breach Date\nceo@corp.example;Hunter2!;combo-list;2026-10-01\nnot-an-address;s3cret;x;2026-10-01\nops@corp.example;;paste;yesterday-ish\nit@corp.example;;forum;1700000000\n";
    const events = await read(readLeaks(source(csv)));
    expect(events[0]).toEqual({
      kind: "leak",
      row: 2,
      email: "ceo@corp.example",
      domain: "corp.example",
      source: "combo-list",
      leakedAt: Date.parse("2026-10-01"),
      hadPassword: true,
    });
    expect(events[1]).toMatchObject({ kind: "rejected", row: 3, problems: [{ field: "email" }] });
    expect(events[2]).toMatchObject({ kind: "rejected", row: 4, problems: [{ field: "date", reason: "is not a date" }] });
    expect(events[3]).toMatchObject({ kind: "leak", hadPassword: false, leakedAt: 1_700_000_000_000 });
    const json =
      '[{"email":"CFO@Corp.Example","password_hash":"5f4dcc3b5aa765d61d8327deb882cf99","breach":"dump"},{"username":"nobody","password":"pw-in-json"}]';
    const fromJson = await read(readLeaks(source(json)));
    expect(fromJson[0]).toMatchObject({ kind: "leak", email: "cfo@corp.example", source: "dump", hadPassword: true });
    expect(fromJson[1]).toMatchObject({ kind: "rejected" });
    const everything = JSON.stringify([...events, ...fromJson]);
    for (const secret of ["Hunter2!", "s3cret", "5f4dcc3b5aa765d61d8327deb882cf99", "pw-in-json"])
      expect(everything).not.toContain(secret);
  });

  it("keeps no password that a malformed leak row carries where it does not belong", async () => {
    // JSON the parser stops in: its message would quote the password.
    const jsonLines = '{"email":"bob@corp.example","password":"x"}\n{"email":"alice@corp.example","password":Summer2024!}\n';
    // Address and password in one column, in the forms dumps use.
    const combined =
      "email,source\ncarol@corp.example:12345,combo\ndave@corp.example/hunter2,combo\ns3cretpw:erin@corp.example,combo\n";
    // An unquoted comma inside a password shifts the columns after it.
    const shifted = "email,password,date,source\nalice@corp.example,Pa,ss Word!,2024-01-01,Combo\n";
    const events = [
      ...(await read(readLeaks(source(jsonLines)))),
      ...(await read(readLeaks(source(combined)))),
      ...(await read(readLeaks(source(shifted)))),
    ];
    expect(events.map((e) => e.kind)).toEqual(["leak", "rejected", "rejected", "rejected", "rejected", "rejected"]);
    const everything = JSON.stringify(events);
    for (const secret of ["Summer2024", "12345", "hunter2", "s3cretpw", "ss Word"]) expect(everything).not.toContain(secret);
  });

  it("refuses a leak CSV without an e-mail column", async () => {
    await expect(read(readLeaks(source("name,password\nx,y\n")))).rejects.toBeInstanceOf(ImportFileError);
  });
});
