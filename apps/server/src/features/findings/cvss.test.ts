import { describe, expect, it } from "vitest";
import { scoreCvssVector } from "./cvss";

describe("CVSS vectors", () => {
  it("computes v3.1, v3.0, v4.0 and v2 base scores from the vector", () => {
    expect(scoreCvssVector("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H")).toEqual({
      ok: true,
      score: 9.8,
      version: "3.1",
      vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    });
    expect(scoreCvssVector("CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H")).toMatchObject({
      ok: true,
      score: 7.5,
      version: "3.0",
    });
    expect(scoreCvssVector("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N")).toMatchObject({
      ok: true,
      score: 9.3,
      version: "4.0",
    });
    // Nessus writes v2 vectors with a "CVSS2#" prefix; GVM writes them bare.
    expect(scoreCvssVector("CVSS2#AV:N/AC:L/Au:N/C:P/I:P/A:P")).toMatchObject({
      ok: true,
      score: 7.5,
      version: "2.0",
      vector: "AV:N/AC:L/Au:N/C:P/I:P/A:P",
    });
    expect(scoreCvssVector("AV:N/AC:M/Au:N/C:N/I:P/A:N")).toMatchObject({ ok: true, score: 4.3, version: "2.0" });
  });

  it("says why a vector does not give a score", () => {
    expect(scoreCvssVector("CVSS:3.1/AV:Q/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H")).toMatchObject({ ok: false });
    expect(scoreCvssVector("CVSS:3.1/AV:N/AC:L")).toEqual({ ok: false, reason: "lacks base metrics" });
    expect(scoreCvssVector("not a vector")).toMatchObject({ ok: false });
  });
});
