import { describe, expect, it } from "vitest";
import { incidentReference, parseIncidentReference } from "./incident-reference";

describe("incident references", () => {
  it("reads what people type for a reference, with or without the tenant and zeros", () => {
    expect(parseIncidentReference("INC-0007")).toEqual({ number: 7 });
    expect(parseIncidentReference(" inc-12 ")).toEqual({ number: 12 });
    expect(parseIncidentReference("INC7")).toEqual({ number: 7 });
    expect(parseIncidentReference(incidentReference("tenant-a", 42))).toEqual({ slug: "tenant-a", number: 42 });
  });

  it("leaves other text to the title search", () => {
    expect(parseIncidentReference("ransomware")).toBeNull();
    expect(parseIncidentReference("INC-")).toBeNull();
    expect(parseIncidentReference("since 2024")).toBeNull();
    expect(parseIncidentReference("-INC-7")).toBeNull();
  });
});
