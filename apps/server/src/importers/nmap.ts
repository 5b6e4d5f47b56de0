import {
  type DiscoveredHost,
  type DiscoveredHostInput,
  discoveredHostSchema,
  type NetworkScan,
  networkScanSchema,
  type TlsCertificate,
} from "@watchfloor/shared";
import { isoInstant } from "./findings/fields";
import { child, readXml, toPlain, type XmlElement } from "./findings/xml";
import type { ImportSource } from "./types";

/**
 * What the nmap importer yields: one event per <host>, then the scan itself (nmap writes its run
 * statistics after the hosts). Down hosts are skipped: they expose nothing.
 */
export type NmapEvent =
  | { kind: "record"; row: number; host: DiscoveredHost }
  | { kind: "rejected"; row: number; problems: { field: string; reason: string }[]; raw: string }
  | { kind: "skipped"; row: number; reason: string }
  | { kind: "scan"; scan: NetworkScan };

const epoch = (value: string | undefined) => {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : undefined;
};
const int = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
const children = (element: XmlElement | undefined, name: string) => element?.children.filter((c) => c.name === name) ?? [];

/** An NSE <table key=...> and its <elem key=...> values. */
function nseTable(parent: XmlElement | undefined, key: string): XmlElement | undefined {
  return parent?.children.find((c) => c.name === "table" && c.attrs.key === key);
}
function nseElems(table: XmlElement | undefined): Map<string, string> {
  return new Map(children(table, "elem").map((e) => [e.attrs.key ?? "", e.text.trim()]));
}
/** "commonName=a/organizationName=b", as nmap prints a distinguished name. */
const dn = (fields: Map<string, string>) => [...fields].map(([k, v]) => `${k}=${v}`).join("/") || undefined;

/** "DNS:a.example, IP Address:127.0.0.1" to typed entries. */
export function parseSubjectAltNames(value: string | undefined): { type: string; value: string }[] {
  return (value ?? "")
    .split(/,\s*/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf(":");
      return at > 0 ? { type: part.slice(0, at).trim(), value: part.slice(at + 1).trim() } : { type: "other", value: part };
    });
}

/**
 * The ssl-cert script's result. nmap 6+ writes structured tables (subject, issuer, validity,
 * extensions, pubkey); its `output` text ("Subject: ...", "Not valid before: ...") is the fallback.
 */
export function parseSslCert(script: XmlElement): TlsCertificate {
  const subject = nseElems(nseTable(script, "subject"));
  const issuer = nseElems(nseTable(script, "issuer"));
  const validity = nseElems(nseTable(script, "validity"));
  const pubkey = nseElems(nseTable(script, "pubkey"));
  const top = nseElems(script);
  const extensions = children(nseTable(script, "extensions"), "table").map(nseElems);
  const sanExtension = extensions.find((e) => e.get("name") === "X509v3 Subject Alternative Name")?.get("value");
  const line = (label: string) => new RegExp(`^${label}:\\s*(.*)$`, "m").exec(script.attrs.output ?? "")?.[1]?.trim();
  const cn = (name: string | undefined) => /commonName=([^/]+)/.exec(name ?? "")?.[1];
  return {
    subjectCn: subject.get("commonName") ?? cn(line("Subject")),
    subject: dn(subject) ?? line("Subject"),
    subjectAltNames: parseSubjectAltNames(sanExtension ?? line("Subject Alternative Name")),
    issuerCn: issuer.get("commonName") ?? cn(line("Issuer")),
    issuer: dn(issuer) ?? line("Issuer"),
    notBefore: isoInstant(validity.get("notBefore") ?? line("Not valid before")),
    notAfter: isoInstant(validity.get("notAfter") ?? line("Not valid after")),
    signatureAlgorithm: top.get("sig_algo"),
    publicKeyType: pubkey.get("type"),
    publicKeyBits: int(pubkey.get("bits")),
    sha1: top.get("sha1")?.toLowerCase(),
  };
}

function mapPort(port: XmlElement) {
  const state = child(port, "state")?.attrs ?? {};
  const service = child(port, "service");
  const s = service?.attrs ?? {};
  const cert = children(port, "script").find((c) => c.attrs.id === "ssl-cert");
  return {
    protocol: port.attrs.protocol,
    port: int(port.attrs.portid),
    state: state.state,
    reason: state.reason,
    name: s.name,
    product: s.product,
    version: s.version,
    extraInfo: s.extrainfo,
    tunnel: s.tunnel,
    method: s.method,
    confidence: int(s.conf),
    cpes: children(service, "cpe").map((c) => c.text.trim()),
    certificate: cert ? parseSslCert(cert) : undefined,
  };
}

export function mapNmapHost(host: XmlElement): DiscoveredHostInput {
  const addresses = children(host, "address").map((a) => ({
    type: a.attrs.addrtype,
    addr: a.attrs.addr,
    vendor: a.attrs.vendor,
  }));
  const first = (type: string) => addresses.find((a) => a.type === type)?.addr;
  const best = children(child(host, "os"), "osmatch").sort(
    (a, b) => (int(b.attrs.accuracy) ?? 0) - (int(a.attrs.accuracy) ?? 0),
  )[0];
  return {
    status: (child(host, "status")?.attrs.state ?? "unknown") as DiscoveredHostInput["status"],
    addresses: addresses as DiscoveredHostInput["addresses"],
    ipv4: first("ipv4"),
    ipv6: first("ipv6"),
    mac: first("mac"),
    hostnames: children(child(host, "hostnames"), "hostname").map((h) => ({ name: h.attrs.name ?? "", type: h.attrs.type })),
    services: children(child(host, "ports"), "port").map(mapPort) as DiscoveredHostInput["services"],
    os: best ? { name: best.attrs.name ?? "", accuracy: int(best.attrs.accuracy) } : undefined,
    scanStarted: epoch(host.attrs.starttime),
    scanEnded: epoch(host.attrs.endtime),
  };
}

/**
 * nmap XML output (`-oX`): nmaprun/host with addresses, hostnames, ports (state, service
 * detection from -sV, ssl-cert script output). Streamed through the SAX reader one host at a time.
 * An interrupted scan leaves the XML unclosed: that file is refused (ImportFileError).
 */
export async function* importNmap(source: ImportSource): AsyncIterable<NmapEvent> {
  let run: Record<string, string> = {};
  let stats: XmlElement | undefined;
  const events = readXml(source.lines(), {
    roots: ["nmaprun"],
    formatName: "nmap",
    opens: ["nmaprun"],
    capture: (name, parent) => parent === "nmaprun" && (name === "host" || name === "runstats"),
  });
  for await (const event of events) {
    if (event.kind === "open") {
      run = event.attrs;
      continue;
    }
    const element = event.element;
    if (element.name === "runstats") {
      stats = element;
      continue;
    }
    const state = child(element, "status")?.attrs.state;
    if (state === "down") {
      yield { kind: "skipped", row: element.line, reason: "host down" };
      continue;
    }
    const parsed = discoveredHostSchema.safeParse(mapNmapHost(element));
    if (parsed.success) yield { kind: "record", row: element.line, host: parsed.data };
    else {
      const problems = parsed.error.issues.map((i) => ({ field: i.path.join(".") || "(host)", reason: i.message }));
      yield { kind: "rejected", row: element.line, problems, raw: JSON.stringify(toPlain(element)) };
    }
  }
  const finished = child(stats, "finished")?.attrs ?? {};
  const hosts = child(stats, "hosts")?.attrs ?? {};
  const scan = networkScanSchema.parse({
    scanner: "nmap",
    version: run.version,
    // A scan of a long target list has a long command line; it is context, not identity.
    args: run.args?.slice(0, 5000),
    started: epoch(run.start),
    finished: epoch(finished.time),
    hostsUp: int(hosts.up),
    hostsDown: int(hosts.down),
  });
  yield { kind: "scan", scan };
}
