import { execFile, spawnSync } from "node:child_process";
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { createServer as createHttpsServer } from "node:https";
import { createServer, type Server } from "node:net";
import { promisify } from "node:util";

/**
 * Real nmap scans of loopback for tests: small TCP and HTTPS servers on 127.0.0.1 that nmap's
 * version detection recognises, a self-signed certificate built with node:crypto alone, and the
 * scan itself. Self-contained (node built-ins only) so the browser tests can use it too.
 */

export const hasNmap = spawnSync("nmap", ["--version"], { stdio: "ignore" }).status === 0;

// --- A self-signed certificate built with node:crypto alone (DER by hand, ECDSA P-256). ---
function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const length: number[] = [];
  for (let n = body.length; n > 0; n >>= 8) length.unshift(n & 0xff);
  const head = body.length < 0x80 ? [body.length] : [0x80 | length.length, ...length];
  return Buffer.concat([Buffer.from([tag, ...head]), body]);
}
const seq = (...parts: Buffer[]) => der(0x30, ...parts);
const oid = (dotted: string) => {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * a + b];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
};
const name = (cn: string, org: string) =>
  seq(der(0x31, seq(oid("2.5.4.3"), der(0x0c, Buffer.from(cn)))), der(0x31, seq(oid("2.5.4.10"), der(0x0c, Buffer.from(org)))));
const utcTime = (d: Date) => der(0x17, Buffer.from(`${d.toISOString().replace(/[-:T]/g, "").slice(2, 14)}Z`));

export interface TestCertificate {
  cert: string;
  key: string;
  publicKey: KeyObject;
}

/**
 * Subject and issuer `CN=<cn>, O=Watchfloor Test`; SAN: each DNS name, then IP Address 127.0.0.1.
 * Validity to the second (X.509 UTCTime has no milliseconds).
 */
export function selfSignedCertificate(
  notBefore: Date,
  notAfter: Date,
  names: { cn: string; dns: string[] } = { cn: "watchfloor.test", dns: ["watchfloor.test", "alt.watchfloor.test"] },
): TestCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const ecdsaSha256 = seq(oid("1.2.840.10045.4.3.2"));
  const subject = name(names.cn, "Watchfloor Test");
  const san = seq(...names.dns.map((d) => der(0x82, Buffer.from(d))), der(0x87, Buffer.from([127, 0, 0, 1])));
  const serial = randomBytes(8);
  // A positive INTEGER in its shortest form: a first byte of 0x00 before one under 0x80 is
  // padding DER forbids, and OpenSSL refused such a certificate (1 serial in 256).
  serial[0] = 0x40 | ((serial[0] ?? 0) & 0x3f);
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))), // v3
    der(0x02, serial),
    ecdsaSha256,
    subject, // issuer: self-signed
    seq(utcTime(notBefore), utcTime(notAfter)),
    subject,
    publicKey.export({ type: "spki", format: "der" }),
    der(0xa3, seq(seq(oid("2.5.29.17"), der(0x04, san)))),
  );
  const cert = seq(tbs, ecdsaSha256, der(0x03, Buffer.from([0]), sign("sha256", tbs, privateKey)));
  const pem = `-----BEGIN CERTIFICATE-----\n${cert
    .toString("base64")
    .match(/.{1,64}/g)
    ?.join("\n")}\n-----END CERTIFICATE-----\n`;
  return { cert: pem, key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), publicKey };
}

export const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
export const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A TCP server that greets like OpenSSH (nmap: ssh, OpenSSH). */
export function sshBannerServer(): Server {
  return createServer((socket) => {
    socket.on("error", () => {});
    socket.write("SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n");
  });
}

/** An HTTPS server answering as nginx 1.22.1 (nmap: http, nginx 1.22.1, tunnel ssl) with the given certificate. */
export function httpsServer(tls: TestCertificate): Server {
  const server = createHttpsServer({ cert: tls.cert, key: tls.key }, (_req, res) => {
    res.writeHead(200, { Server: "nginx/1.22.1", "Content-Type": "text/html", Connection: "close" });
    res.end("<html><title>Watchfloor</title></html>");
  });
  server.on("tlsClientError", () => {});
  return server;
}

/** A port that was open a moment ago and is closed now (nmap: closed, conn-refused). */
export async function closedLoopbackPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await close(server);
  return port;
}

/**
 * `nmap -sV -Pn -n -p PORTS --script ssl-cert -oX - 127.0.0.1`: the XML nmap writes. About 23 s
 * with an HTTPS port: nmap waits out its NULL probe before trying TLS, and again inside TLS
 * (--version-intensity 0 is faster but no longer names the HTTPS service).
 */
export async function scanLoopback(ports: number[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    "nmap",
    ["-sV", "-Pn", "-n", "-p", ports.join(","), "--script", "ssl-cert", "-oX", "-", "127.0.0.1"],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}
