import { describe, expect, it } from "vitest";
import { assetSeedOf, chooseAsset, identitiesOf, isPublicIp } from "./assets-match";

const base = { scanner: "nessus", scannerFindingId: "1", title: "t", severity: "High" as const, cveIds: [] };

describe("asset identities", () => {
  it("keeps host names as a short hostname plus the fqdn, lower-cased, and addresses as given", () => {
    expect(identitiesOf({ ...base, fqdn: "Web01.Corp.Example", hostname: "WEB01", ip: "10.0.0.5" })).toEqual([
      { kind: "hostname", value: "web01" },
      { kind: "fqdn", value: "web01.corp.example" },
      { kind: "ip", value: "10.0.0.5" },
    ]);
  });

  it("reads a target as an address, a URL's host or a host name, and a scanner artifact as an image", () => {
    expect(identitiesOf({ ...base, target: "https://shop.example.com:8443/login" })).toEqual([
      { kind: "hostname", value: "shop" },
      { kind: "fqdn", value: "shop.example.com" },
    ]);
    expect(identitiesOf({ ...base, target: "2001:db8::1" })).toEqual([{ kind: "ip", value: "2001:db8::1" }]);
    // Trivy's targets are files and images even when they look like domain names.
    expect(identitiesOf({ ...base, scanner: "trivy", target: "requirements.txt" })).toEqual([
      { kind: "image", value: "requirements.txt" },
    ]);
    // A broken address is not a host name; alone it still identifies something.
    expect(identitiesOf({ ...base, target: "192.168.1.1001" })).toEqual([{ kind: "image", value: "192.168.1.1001" }]);
    expect(identitiesOf({ ...base, hostname: "b6b9f466d63", target: "192.168.1.1001" })).toEqual([
      { kind: "hostname", value: "b6b9f466d63" },
    ]);
  });

  it("names and types new assets from the record", () => {
    expect(
      assetSeedOf(
        { ...base, ip: "44.228.249.3", fqdn: "testphp.vulnweb.com" },
        identitiesOf({ ...base, ip: "44.228.249.3", fqdn: "testphp.vulnweb.com" }),
      ),
    ).toEqual({
      name: "testphp.vulnweb.com",
      type: "Server",
      clientEnvironment: null,
      internetFacing: true,
    });
    const image = { ...base, scanner: "trivy", image: "teamdojo:latest" };
    expect(assetSeedOf(image, identitiesOf(image))).toMatchObject({ type: "Container Image", internetFacing: false });
    const cloud = { ...base, cloudResourceId: "arn:aws:ec2:eu-west-1:123456789012:instance/i-0abc" };
    expect(assetSeedOf(cloud, identitiesOf(cloud))).toMatchObject({ type: "Cloud Resource", clientEnvironment: "Cloud" });
  });

  it("tells private from public addresses", () => {
    expect(
      ["10.1.2.3", "172.16.0.1", "192.168.1.1", "127.0.0.1", "169.254.1.1", "100.64.0.1", "fd00::1", "::1"].map(isPublicIp),
    ).toEqual(Array(8).fill(false));
    expect(["8.8.8.8", "44.228.249.3", "2a00:1450::1"].map(isPublicIp)).toEqual([true, true, true]);
  });
});

describe("choosing the known asset", () => {
  const known = new Map([
    ["hostname\u0000web01", "A"],
    ["ip\u000010.0.0.5", "B"],
    ["fqdn\u0000web01.eu.example", "A"],
  ]);
  const lookup = (i: { kind: string; value: string }) => known.get(`${i.kind}\u0000${i.value}`);
  const fqdns = (id: string) => (id === "A" ? ["web01.eu.example"] : []);

  it("takes the most specific identity first", () => {
    expect(chooseAsset(identitiesOf({ ...base, fqdn: "web01.eu.example", ip: "10.0.0.5" }), lookup, fqdns)).toBe("A");
    expect(chooseAsset(identitiesOf({ ...base, ip: "10.0.0.5" }), lookup, fqdns)).toBe("B");
    expect(chooseAsset(identitiesOf({ ...base, ip: "10.9.9.9" }), lookup, fqdns)).toBeUndefined();
  });

  it("does not join a host to an asset known under another full name", () => {
    expect(chooseAsset(identitiesOf({ ...base, fqdn: "web01.us.example" }), lookup, fqdns)).toBeUndefined();
    expect(chooseAsset(identitiesOf({ ...base, hostname: "web01" }), lookup, fqdns)).toBe("A");
  });
});
