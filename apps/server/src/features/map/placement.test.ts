import { describe, expect, it } from "vitest";
import { groupPoints } from "./map-points";
import { type AlertEvidence, causeCategory, type GeoOrigin, incidentCause, placeIncident, type Site } from "./placement";

const frankfurt: Site = { assetName: "srv-db-01", site: "Frankfurt DC", environment: "On-premise", lat: 50.1109, lng: 8.6821 };
const dublin: Site = { assetName: "vm-web-7", site: "AWS eu-west-1", environment: "Cloud", lat: 53.35, lng: -6.26 };
const russia: GeoOrigin = { address: "77.88.8.8", country: "RU", countryName: "Russia", lat: 60, lng: 100 };

const alert = (over: Partial<AlertEvidence> = {}): AlertEvidence => ({
  rootCause: null,
  type: null,
  clientEnvironment: null,
  site: null,
  origin: null,
  ...over,
});

describe("causeCategory", () => {
  it.each([
    ["Insider error", "Human Error"],
    ["Human error: wrong recipient", "Human Error"],
    ["Misconfiguration", "Human Error"],
    ["S3 bucket misconfigured by an engineer", "Human Error"],
    ["Accidental deletion", "Human Error"],
    ["Malicious Insider", "Malicious Insider"],
    ["insider threat: data theft", "Malicious Insider"],
    ["Rogue administrator", "Malicious Insider"],
  ])("%s → %s", (text, category) => {
    expect(causeCategory(text)).toBe(category);
  });

  it.each([
    "Phishing email",
    "Weak password",
    "Unpatched software",
    "Malware download",
    "Credential Access",
    "",
    null,
    undefined,
  ])("%j names no person", (text) => {
    expect(causeCategory(text)).toBeNull();
  });
});

describe("incidentCause", () => {
  it("prefers the incident's own root cause over its alerts'", () => {
    expect(incidentCause({ rootCause: "Misconfiguration", alerts: [alert({ rootCause: "Malicious insider" })] })).toBe(
      "Human Error",
    );
  });

  it("falls back to the alerts, malicious insider first, and reads type and environment too", () => {
    expect(
      incidentCause({
        rootCause: "Phishing email",
        alerts: [alert({ rootCause: "Insider error" }), alert({ clientEnvironment: "Malicious Insider" })],
      }),
    ).toBe("Malicious Insider");
    expect(incidentCause({ rootCause: null, alerts: [alert({ type: "Human error" })] })).toBe("Human Error");
    expect(incidentCause({ rootCause: null, alerts: [alert({ rootCause: "Weak password" })] })).toBeNull();
  });
});

describe("placeIncident", () => {
  it("puts an asset's incident at its site in the asset's environment", () => {
    expect(placeIncident({ rootCause: null, alerts: [alert({ site: dublin })] })).toEqual({
      category: "Cloud",
      name: "AWS eu-west-1",
      lat: 53.35,
      lng: -6.26,
      via: "vm-web-7",
    });
  });

  it("uses the alert's environment when the asset has none, and On-premise when neither says", () => {
    const bare = { ...frankfurt, environment: null };
    expect(placeIncident({ rootCause: null, alerts: [alert({ site: bare, clientEnvironment: "Hybrid" })] })?.category).toBe(
      "Hybrid",
    );
    expect(placeIncident({ rootCause: null, alerts: [alert({ site: bare })] })?.category).toBe("On-premise");
    expect(placeIncident({ rootCause: null, alerts: [alert({ site: { ...bare, site: null } })] })?.name).toBe("srv-db-01");
  });

  it("makes a public source address an external threat at its country, before the asset", () => {
    expect(placeIncident({ rootCause: null, alerts: [alert({ site: frankfurt }), alert({ origin: russia })] })).toEqual({
      category: "External Threat",
      name: "Russia",
      lat: 60,
      lng: 100,
      via: "77.88.8.8",
    });
  });

  it("puts human error and malicious insiders at the asset's site even with a public source", () => {
    const placed = placeIncident({ rootCause: "Insider error", alerts: [alert({ origin: russia }), alert({ site: frankfurt })] });
    expect(placed).toMatchObject({ category: "Human Error", name: "Frankfurt DC", via: "srv-db-01" });
    expect(placeIncident({ rootCause: null, alerts: [alert({ site: dublin, rootCause: "Malicious insider" })] })?.category).toBe(
      "Malicious Insider",
    );
  });

  it("leaves an incident off the map when nothing locates it", () => {
    expect(placeIncident({ rootCause: null, alerts: [] })).toBeNull();
    expect(placeIncident({ rootCause: null, alerts: [alert({ clientEnvironment: "Cloud" })] })).toBeNull();
    // A person's mistake has no place without an asset site: a source address says nothing about it.
    expect(placeIncident({ rootCause: "Human error", alerts: [alert({ origin: russia })] })).toBeNull();
  });
});

describe("groupPoints", () => {
  const incident = (id: string, createdAt: string) => ({
    id,
    tenantId: "t",
    tenantName: "Tenant A",
    reference: `A-${id}`,
    title: id,
    priority: "High" as const,
    status: "Open" as const,
    createdAt,
  });
  const at = (p: ReturnType<typeof placeIncident>) => p ?? { category: "Cloud" as const, name: "", lat: 0, lng: 0, via: "" };

  it("groups one category at one place, counts all, lists the newest up to the limit", () => {
    const ru = at(placeIncident({ rootCause: null, alerts: [alert({ origin: russia })] }));
    const fra = at(placeIncident({ rootCause: null, alerts: [alert({ site: frankfurt })] }));
    const points = groupPoints(
      [
        { placement: ru, incident: incident("1", "2026-11-01T00:00:00.000Z") },
        { placement: fra, incident: incident("2", "2026-11-02T00:00:00.000Z") },
        { placement: { ...ru, lat: 60.00001 }, incident: incident("3", "2026-11-03T00:00:00.000Z") },
        { placement: ru, incident: incident("4", "2026-11-02T00:00:00.000Z") },
      ],
      2,
    );
    expect(points.map((p) => [p.category, p.name, p.count, p.incidents.map((i) => i.id)])).toEqual([
      ["External Threat", "Russia", 3, ["3", "4"]],
      ["On-premise", "Frankfurt DC", 1, ["2"]],
    ]);
    expect(points[0]?.incidents[0]?.via).toBe("77.88.8.8");
  });

  it("keeps different categories at the same place apart", () => {
    const fra = at(placeIncident({ rootCause: null, alerts: [alert({ site: frankfurt })] }));
    const err = at(placeIncident({ rootCause: "Insider error", alerts: [alert({ site: frankfurt })] }));
    const points = groupPoints([
      { placement: fra, incident: incident("1", "2026-11-01T00:00:00.000Z") },
      { placement: err, incident: incident("2", "2026-11-01T00:00:00.000Z") },
    ]);
    expect(points.map((p) => p.category).sort()).toEqual(["Human Error", "On-premise"]);
  });
});
