import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ImportSource } from "../types";
import { detectIntelFormat, ImportFileError, importEpss, sourceFromFile, sourceFromString, summariseIntel } from "./index";

const dataDir = fileURLToPath(new URL("../../../../../../shared/data/vulnintel/", import.meta.url));

describe("EPSS scores CSV", () => {
  it("epss_scores_example.csv: model, score date and five scores", async () => {
    const r = await summariseIntel(importEpss(sourceFromFile(`${dataDir}epss_scores_example.csv`)));
    expect(r.meta).toEqual({ modelVersion: "v2023.03.01", scoreDate: "2025-02-20T00:00:00.000Z" });
    expect(r.rejected).toEqual([]);
    expect(r.records.map((s) => s.cveId)).toEqual([
      "CVE-1999-0001",
      "CVE-1999-0002",
      "CVE-1999-0003",
      "CVE-1999-0004",
      "CVE-1999-0005",
    ]);
    expect(r.records[4]).toEqual({ cveId: "CVE-1999-0005", epss: 0.91963, percentile: 0.99214 });
  });

  it("reads a file without the comment line and rejects bad rows by line and column", async () => {
    const text = [
      "cve,epss,percentile",
      "CVE-2024-0001,0.5,0.9",
      "CVE-2024-0002,high,0.9",
      "CVE-24-3,0.1,0.2",
      "CVE-2024-0004,1.5,",
    ].join("\n");
    const r = await summariseIntel(importEpss(sourceFromString(text)));
    expect(r.meta).toEqual({});
    expect(r.records).toHaveLength(1);
    expect(r.rejected.map((x) => [x.row, x.problems])).toEqual([
      [3, [{ field: "epss", reason: '"high" is not a number' }]],
      [4, [{ field: "cve", reason: "must look like CVE-YYYY-NNNN" }]],
      [5, [{ field: "percentile", reason: "is missing" }]],
    ]);
  });

  it("streams a full-size file (250,000 rows) line by line without reading it whole", async () => {
    const rows = 250_000;
    const source: ImportSource = {
      text: () => Promise.reject(new Error("an EPSS file must be streamed, not read whole")),
      async *lines() {
        yield "#model_version:v2025.03.14,score_date:2025-06-01T00:00:00+0000";
        yield "cve,epss,percentile";
        for (let i = 0; i < rows; i++)
          yield `CVE-2024-${String(10000 + i)},0.0${i % 10}123,0.${String(i % 1000).padStart(3, "0")}`;
      },
    };
    let count = 0;
    let last: unknown;
    for await (const event of importEpss(source)) {
      if (event.kind === "record") {
        count++;
        last = event.record;
      } else if (event.kind === "rejected") throw new Error(`unexpected rejection on line ${event.row}`);
    }
    expect(count).toBe(rows);
    expect(last).toEqual({ cveId: "CVE-2024-259999", epss: 0.09123, percentile: 0.999 });
  });

  it("refuses a file whose header is not EPSS's", async () => {
    await expect(summariseIntel(importEpss(sourceFromString("cve,score\nCVE-2024-0001,1")))).rejects.toBeInstanceOf(
      ImportFileError,
    );
    await expect(summariseIntel(importEpss(sourceFromString("#model_version:v1\n")))).rejects.toThrow(
      /no cve,epss,percentile header/,
    );
  });

  it("is detected by its comment or header line", () => {
    expect(detectIntelFormat("#model_version:v2023.03.01,score_date:2025-02-20T00:00:00+0000\ncve,epss,percentile\n")).toBe(
      "epss-csv",
    );
    expect(detectIntelFormat("cve,epss,percentile\n")).toBe("epss-csv");
  });
});
