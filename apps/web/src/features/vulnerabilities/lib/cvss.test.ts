import { describe, expect, it } from "vitest";
import { describeCvssVector } from "./cvss";

describe("describeCvssVector", () => {
  it("names every base metric of a v3.1 vector", () => {
    const described = describeCvssVector("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H");
    expect(described.map((m) => `${m.label}: ${m.value}`)).toEqual([
      "Attack vector: Network",
      "Attack complexity: Low",
      "Privileges required: None",
      "User interaction: None",
      "Scope: Changed",
      "Confidentiality: High",
      "Integrity: High",
      "Availability: High",
    ]);
  });

  it("reads v3.0 and skips temporal or unknown metrics", () => {
    expect(describeCvssVector("CVSS:3.0/AV:L/AC:H/PR:L/UI:R/S:U/C:N/I:L/A:N/E:P")).toHaveLength(8);
    expect(describeCvssVector("CVSS:3.1/AV:Q/AC:L").map((m) => m.code)).toEqual(["AC"]);
  });

  it("leaves other versions and missing vectors alone", () => {
    expect(describeCvssVector("AV:N/AC:L/Au:N/C:P/I:P/A:P")).toEqual([]);
    expect(describeCvssVector("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N")).toEqual([]);
    expect(describeCvssVector(null)).toEqual([]);
  });
});
