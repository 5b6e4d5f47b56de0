import { X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  close,
  closedLoopbackPort,
  hasNmap,
  httpsServer,
  listen,
  scanLoopback,
  selfSignedCertificate,
  sshBannerServer,
} from "../test/loopback-scan";
import { importNmap, type NmapEvent, parseSubjectAltNames } from "./nmap";
import { ImportFileError, sourceFromString } from "./types";

async function collect(text: string) {
  const events: NmapEvent[] = [];
  for await (const e of importNmap(sourceFromString(text))) events.push(e);
  return events;
}

describe("nmap XML against a real scan of loopback", () => {
  it.skipIf(!hasNmap)(
    `scans an SSH-banner port, an HTTPS port with a self-signed certificate and a closed port${hasNmap ? "" : " (SKIPPED: nmap is not installed; scripts/test.mjs installs it)"}`,
    { timeout: 180_000 },
    async () => {
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      const notBefore = new Date(now.getTime() - 86_400_000);
      const notAfter = new Date(now.getTime() + 30 * 86_400_000);
      const tls = selfSignedCertificate(notBefore, notAfter);
      expect(new X509Certificate(tls.cert).verify(tls.publicKey)).toBe(true);

      const ssh = sshBannerServer();
      const https = httpsServer(tls);
      const [sshPort, httpsPort, closedPort] = [await listen(ssh), await listen(https), await closedLoopbackPort()];
      try {
        const stdout = await scanLoopback([sshPort, httpsPort, closedPort]);
        const events = await collect(stdout);
        const hosts = events.flatMap((e) => (e.kind === "record" ? [e.host] : []));
        expect(hosts).toHaveLength(1);
        const host = hosts[0];
        expect(host).toMatchObject({ status: "up", ipv4: "127.0.0.1", addresses: [{ type: "ipv4", addr: "127.0.0.1" }] });
        const byPort = new Map(host?.services.map((s) => [s.port, s]));
        expect(byPort.get(sshPort)).toMatchObject({
          protocol: "tcp",
          state: "open",
          name: "ssh",
          product: "OpenSSH",
          method: "probed",
        });
        expect(byPort.get(closedPort)).toMatchObject({ protocol: "tcp", state: "closed" });
        expect(byPort.get(httpsPort)).toMatchObject({
          state: "open",
          name: "http",
          product: "nginx",
          version: "1.22.1",
          tunnel: "ssl",
        });
        expect(byPort.get(httpsPort)?.certificate).toEqual({
          subjectCn: "watchfloor.test",
          subject: "commonName=watchfloor.test/organizationName=Watchfloor Test",
          subjectAltNames: [
            { type: "DNS", value: "watchfloor.test" },
            { type: "DNS", value: "alt.watchfloor.test" },
            { type: "IP Address", value: "127.0.0.1" },
          ],
          issuerCn: "watchfloor.test",
          issuer: "commonName=watchfloor.test/organizationName=Watchfloor Test",
          notBefore: notBefore.toISOString(),
          notAfter: notAfter.toISOString(),
          signatureAlgorithm: "ecdsa-with-SHA256",
          publicKeyType: "ec",
          publicKeyBits: 256,
          sha1: new X509Certificate(tls.cert).fingerprint.replaceAll(":", "").toLowerCase(),
        });
        const scan = events.find((e) => e.kind === "scan");
        expect(scan).toMatchObject({ kind: "scan", scan: { scanner: "nmap", hostsUp: 1, hostsDown: 0 } });
        expect(scan?.kind === "scan" && scan.scan.args).toContain("--script ssl-cert");
      } finally {
        await Promise.all([close(ssh), close(https)]);
      }
    },
  );
});

// Written to nmap's DTD (nmap.dtd): what a LAN scan with -O and a down host looks like.
const lanScan = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE nmaprun>
<?xml-stylesheet href="file:///usr/share/nmap/nmap.xsl" type="text/xsl"?>
<nmaprun scanner="nmap" args="nmap -O -6 fe80::/64" start="1700000000" version="7.94" xmloutputversion="1.05">
<host starttime="1700000001" endtime="1700000060"><status state="up" reason="nd-response" reason_ttl="0"/>
<address addr="fe80::20c:29ff:feab:cdef" addrtype="ipv6"/>
<address addr="00:0C:29:AB:CD:EF" addrtype="mac" vendor="VMware"/>
<hostnames><hostname name="nas.lan" type="PTR"/><hostname name="nas" type="user"/></hostnames>
<ports><extraports state="closed" count="997"><extrareasons reason="reset" count="997"/></extraports>
<port protocol="tcp" portid="443"><state state="filtered" reason="no-response" reason_ttl="0"/><service name="https" method="table" conf="3"/></port>
<port protocol="udp" portid="161"><state state="open|filtered" reason="no-response" reason_ttl="0"/></port>
<port protocol="tcp" portid="8443"><state state="open" reason="syn-ack" reason_ttl="64"/>
<service name="http" tunnel="ssl" method="probed" conf="10"/>
<script id="ssl-cert" output="Subject: commonName=nas.lan&#xa;Subject Alternative Name: DNS:nas.lan, DNS:nas&#xa;Not valid before: 2023-01-01T00:00:00&#xa;Not valid after:  2024-01-01T00:00:00"/>
</port>
</ports>
<os><osmatch name="Linux 4.15 - 5.8" accuracy="96" line="67000"/><osmatch name="Linux 5.0 - 5.4" accuracy="98" line="67001"/></os>
</host>
<host><status state="down" reason="no-response" reason_ttl="0"/><address addr="10.0.0.9" addrtype="ipv4"/></host>
<host><status state="up" reason="user-set" reason_ttl="0"/><hostnames/></host>
<runstats><finished time="1700000100" timestr="Tue Nov 14 22:15:00 2023" elapsed="100" exit="success"/><hosts up="2" down="1" total="3"/></runstats>
</nmaprun>
`;

describe("nmap XML importer rules", () => {
  it("maps IPv6 and MAC addresses, hostnames, port states and the best OS match; skips down hosts", async () => {
    const events = await collect(lanScan);
    expect(events.map((e) => e.kind)).toEqual(["record", "skipped", "rejected", "scan"]);
    const host = events[0]?.kind === "record" ? events[0].host : undefined;
    expect(host).toMatchObject({
      status: "up",
      ipv6: "fe80::20c:29ff:feab:cdef",
      mac: "00:0C:29:AB:CD:EF",
      addresses: [{ type: "ipv6" }, { type: "mac", vendor: "VMware" }],
      hostnames: [
        { name: "nas.lan", type: "PTR" },
        { name: "nas", type: "user" },
      ],
      os: { name: "Linux 5.0 - 5.4", accuracy: 98 },
      scanStarted: "2023-11-14T22:13:21.000Z",
    });
    expect(host?.services.map((s) => [s.protocol, s.port, s.state, s.name ?? null, s.method ?? null])).toEqual([
      ["tcp", 443, "filtered", "https", "table"],
      ["udp", 161, "open|filtered", null, null],
      ["tcp", 8443, "open", "http", "probed"],
    ]);
    // Without the structured tables the subject, SAN and validity come from the script's text output.
    expect(host?.services[2]?.certificate).toMatchObject({
      subjectCn: "nas.lan",
      notBefore: "2023-01-01T00:00:00.000Z",
      notAfter: "2024-01-01T00:00:00.000Z",
      subjectAltNames: [
        { type: "DNS", value: "nas.lan" },
        { type: "DNS", value: "nas" },
      ],
    });
    expect(events[1]).toEqual({ kind: "skipped", row: 19, reason: "host down" });
    expect(events[2]?.kind === "rejected" && events[2].problems).toEqual([
      { field: "addresses", reason: "needs at least one address" },
    ]);
    expect(events[3]).toEqual({
      kind: "scan",
      scan: {
        scanner: "nmap",
        version: "7.94",
        args: "nmap -O -6 fe80::/64",
        started: "2023-11-14T22:13:20.000Z",
        finished: "2023-11-14T22:15:00.000Z",
        hostsUp: 2,
        hostsDown: 1,
      },
    });
  });

  it("refuses an interrupted scan (unclosed XML) and another document", async () => {
    await expect(collect(lanScan.slice(0, lanScan.indexOf("<runstats>")))).rejects.toBeInstanceOf(ImportFileError);
    await expect(collect("<NessusClientData_v2/>")).rejects.toThrow(/root element is <NessusClientData_v2>/);
  });

  it("splits subject alternative names by type", () => {
    expect(parseSubjectAltNames("DNS:a.example, IP Address:10.0.0.1, email:x@y")).toEqual([
      { type: "DNS", value: "a.example" },
      { type: "IP Address", value: "10.0.0.1" },
      { type: "email", value: "x@y" },
    ]);
  });
});
