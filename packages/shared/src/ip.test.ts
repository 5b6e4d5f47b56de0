import { describe, expect, it } from "vitest";
import { addressScope, inCidr, isGeolocatable, normaliseAddress, parseCidr } from "./ip";

describe("addressScope (IPv4)", () => {
  it.each([
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.20", "private"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["169.254.10.1", "link-local"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.254", "cgnat"],
    ["192.0.2.15", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.200", "documentation"],
    ["224.0.0.251", "multicast"],
    ["239.255.255.250", "multicast"],
    ["0.0.0.0", "reserved"],
    ["255.255.255.255", "reserved"],
    ["240.1.2.3", "reserved"],
    ["198.18.0.1", "reserved"],
    ["192.0.0.9", "reserved"],
  ])("%s is %s", (ip, scope) => {
    expect(addressScope(ip)).toBe(scope);
    expect(isGeolocatable(ip)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "185.220.101.4",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "192.169.0.1",
    "203.0.114.1",
    "223.255.255.254",
  ])("%s is public", (ip) => {
    expect(addressScope(ip)).toBe("public");
    expect(isGeolocatable(ip)).toBe(true);
  });

  it.each(["", "  ", "256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "a.b.c.d", "N/A", "-", "1.2.3.-4"])("%j is invalid", (ip) => {
    expect(addressScope(ip)).toBe("invalid");
    expect(isGeolocatable(ip)).toBe(false);
  });

  it("treats missing values as invalid", () => {
    expect(addressScope(null)).toBe("invalid");
    expect(addressScope(undefined)).toBe("invalid");
  });
});

describe("addressScope (IPv6)", () => {
  it.each([
    ["::1", "loopback"],
    ["::", "reserved"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fc00::1", "private"],
    ["fd12:3456:789a::1", "private"],
    ["fec0::1", "private"],
    ["ff02::1", "multicast"],
    ["ff0e::101", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001:0DB8:85a3::8a2e:370:7334", "documentation"],
    ["3fff::1", "documentation"],
    ["3fff:0fff::1", "documentation"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"], // Teredo
    ["100::1", "reserved"], // discard-only
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:192.168.0.1", "private"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["64:ff9b::192.168.1.1", "private"],
    ["64:ff9b:1::1", "private"],
    ["2002:c0a8:0101::1", "private"], // 6to4 around 192.168.1.1
    ["[fe80::1]:443", "link-local"],
  ])("%s is %s", (ip, scope) => {
    expect(addressScope(ip)).toBe(scope);
    expect(isGeolocatable(ip)).toBe(false);
  });

  it.each([
    "2001:4860:4860::8888",
    "2a00:1450:4001:80b::200e",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:0808:0808::1",
    "[2606:4700::1]:8443",
  ])("%s is public", (ip) => {
    expect(addressScope(ip)).toBe("public");
    expect(isGeolocatable(ip)).toBe(true);
  });

  it.each(["1::2::3", "2001:db8::g", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "::ffff:999.1.1.1", "12345::1", ":::"])(
    "%j is invalid",
    (ip) => {
      expect(addressScope(ip)).toBe("invalid");
    },
  );
});

describe("normaliseAddress", () => {
  it("strips ports, brackets, zone ids and case", () => {
    expect(normaliseAddress(" 185.220.101.4:443 ")).toBe("185.220.101.4");
    expect(normaliseAddress("[2001:DB8::1]:8443")).toBe("2001:db8::1");
    expect(normaliseAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(normaliseAddress("2001:db8::1")).toBe("2001:db8::1");
  });
});

describe("CIDR ranges", () => {
  it("matches v4 and v6 ranges by their prefix and refuses malformed ones", () => {
    const ten = parseCidr("10.0.0.0/8");
    expect(ten && inCidr("10.200.3.4", ten)).toBe(true);
    expect(ten && inCidr("11.0.0.1", ten)).toBe(false);
    const odd = parseCidr("192.168.4.0/22");
    expect(odd && inCidr("192.168.7.255", odd)).toBe(true);
    expect(odd && inCidr("192.168.8.0", odd)).toBe(false);
    const v6 = parseCidr("2001:db8::/32");
    expect(v6 && inCidr("2001:db8:1::5", v6)).toBe(true);
    expect(v6 && inCidr("10.0.0.1", v6)).toBe(false);
    expect(parseCidr("10.0.0.0/33")).toBeNull();
    expect(parseCidr("10.0.0/8")).toBeNull();
    expect(parseCidr("1.2.3.4/8/9")).toBeNull();
    const one = parseCidr("1.2.3.4");
    expect(one && inCidr("1.2.3.4", one)).toBe(true);
    const all = parseCidr("0.0.0.0/0");
    expect(all && inCidr("8.8.8.8", all)).toBe(true);
  });
});
