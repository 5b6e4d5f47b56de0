import { describe, expect, it } from "vitest";
import type { ImportSource } from "../../importers/types";
import type { FeedEvent } from "./drp-feeds";
import { readDnsLog, readProxyLog } from "./drp-log-feeds";

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
const hosts = (events: FeedEvent[]) => events.map((e) => (e.kind === "hosts" ? [e.row, e.hosts[0], e.detail] : [e.row, e.kind]));

// Zeek's dns.log header as Zeek 6 writes it (columns abridged to the ones kept, plus two others).
const zeekDns = [
  "#separator \\x09",
  "#set_separator\t,",
  "#empty_field\t(empty)",
  "#unset_field\t-",
  "#path\tdns",
  "#fields\tts\tuid\tid.orig_h\tid.orig_p\tquery\tqtype_name",
  "#types\ttime\tstring\taddr\tport\tstring\tstring",
  "1732612800.123456\tCx1\t10.0.0.5\t53211\tlogin.exarnple.com\tA",
  "1732612801.000000\tCx2\t10.0.0.6\t53212\t-\tA",
  "#close\t2026-11-26-10-00-00",
].join("\n");

describe("DRP DNS log feed", () => {
  it("reads Zeek dns.log in TSV, its unset query rejected", async () => {
    expect(hosts(await read(readDnsLog(source(zeekDns))))).toEqual([
      [8, "login.exarnple.com", "DNS query by 10.0.0.5"],
      [9, "rejected"],
    ]);
  });

  it("reads Zeek JSON, Suricata EVE dns (v1 and v2), ECS, BIND and dnsmasq lines", async () => {
    const lines = [
      JSON.stringify({ ts: 1732612800.1, "id.orig_h": "10.0.0.7", query: "exarnple.net", qtype_name: "A" }),
      JSON.stringify({ event_type: "dns", src_ip: "10.0.0.8", dns: { type: "query", rrname: "acme-login.com" } }),
      JSON.stringify({
        event_type: "dns",
        src_ip: "10.0.0.9",
        dns: { version: 2, type: "request", queries: [{ rrname: "examp1e.org" }] },
      }),
      JSON.stringify({
        "@timestamp": "2026-11-26T10:00:00Z",
        dns: { question: { name: "exarnple.io" } },
        source: { ip: "10.1.1.1" },
      }),
      "26-Nov-2026 10:00:00.000 client @0x7f 10.0.0.10#51234 (exarnple.co.uk): query: exarnple.co.uk IN A +E(0)K (10.0.0.1)",
      "Nov 26 10:00:00 dnsmasq[812]: query[AAAA] exarnple.de from 10.0.0.11",
      "Nov 26 10:00:01 dnsmasq[812]: reply exarnple.de is 203.0.113.9",
    ];
    expect(hosts(await read(readDnsLog(source(lines.join("\n")))))).toEqual([
      [1, "exarnple.net", "DNS query by 10.0.0.7"],
      [2, "acme-login.com", "DNS query by 10.0.0.8"],
      [3, "examp1e.org", "DNS query by 10.0.0.9"],
      [4, "exarnple.io", "DNS query by 10.1.1.1"],
      [5, "exarnple.co.uk", "DNS query, BIND query log"],
      [6, "exarnple.de", "DNS query by 10.0.0.11, dnsmasq"],
      [7, "rejected"],
    ]);
  });
});

describe("DRP proxy log feed", () => {
  it("reads Squid's native access.log, CONNECT and GET lines", async () => {
    const lines = [
      "1732612800.123    245 10.0.0.5 TCP_TUNNEL/200 5012 CONNECT login.exarnple.com:443 - HIER_DIRECT/203.0.113.9 -",
      "1732612801.456     12 10.0.0.6 TCP_MISS/200 1830 GET http://exarnple.net/index.html - HIER_DIRECT/198.51.100.2 text/html",
      "1732612802.000      1 10.0.0.7 TCP_DENIED/403 3900 GET http://10.1.1.1/ - HIER_NONE/- text/html",
    ];
    expect(hosts(await read(readProxyLog(source(lines.join("\n")))))).toEqual([
      [1, "login.exarnple.com", "CONNECT by 10.0.0.5, Squid"],
      [2, "exarnple.net", "GET by 10.0.0.6, Squid"],
      [3, "rejected"],
    ]);
  });

  it("reads Zeek http.log (TSV and JSON), Suricata EVE http, ECS and any line with a URL", async () => {
    const tsv = [
      "#separator \\x09",
      "#fields\tts\tuid\tid.orig_h\tid.orig_p\tmethod\thost\turi",
      "1732612800.1\tCh1\t10.0.0.5\t50000\tGET\tacme-bank.com\t/login",
    ];
    const lines = [
      ...tsv,
      JSON.stringify({ ts: 1732612800.2, "id.orig_h": "10.0.0.6", method: "POST", host: "exarnple.net", uri: "/" }),
      JSON.stringify({ event_type: "http", src_ip: "10.0.0.7", http: { hostname: "examp1e.org", url: "/" } }),
      JSON.stringify({ url: { original: "https://exarnple.io/sign-in" }, source: { ip: "10.0.0.8" } }),
      '10.0.0.9 - - [26/Nov/2026:10:00:00 +0000] "GET https://exarnple.de/a HTTP/1.1" 200 512',
      "no host here",
    ];
    expect(hosts(await read(readProxyLog(source(lines.join("\n")))))).toEqual([
      [3, "acme-bank.com", "web request by 10.0.0.5"],
      [4, "exarnple.net", "web request by 10.0.0.6"],
      [5, "examp1e.org", "web request by 10.0.0.7"],
      [6, "exarnple.io", "web request by 10.0.0.8"],
      [7, "exarnple.de", "web request"],
      [8, "rejected"],
    ]);
  });
});
