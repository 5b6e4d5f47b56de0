/**
 * Reads the base metrics of a CVSS v3.x vector ("CVSS:3.1/AV:N/AC:L/...") into words, so the
 * finding page says "Network, Low complexity" rather than only the code. Other versions and
 * unknown metrics are left out; the vector itself is always shown as well.
 */
const metrics: Record<string, { label: string; values: Record<string, string> }> = {
  AV: { label: "Attack vector", values: { N: "Network", A: "Adjacent", L: "Local", P: "Physical" } },
  AC: { label: "Attack complexity", values: { L: "Low", H: "High" } },
  PR: { label: "Privileges required", values: { N: "None", L: "Low", H: "High" } },
  UI: { label: "User interaction", values: { N: "None", R: "Required" } },
  S: { label: "Scope", values: { U: "Unchanged", C: "Changed" } },
  C: { label: "Confidentiality", values: { N: "None", L: "Low", H: "High" } },
  I: { label: "Integrity", values: { N: "None", L: "Low", H: "High" } },
  A: { label: "Availability", values: { N: "None", L: "Low", H: "High" } },
};

export type CvssMetric = { code: string; label: string; value: string };

export function describeCvssVector(vector: string | null): CvssMetric[] {
  if (!vector || !/^CVSS:3\.[01]\//.test(vector)) return [];
  const out: CvssMetric[] = [];
  for (const part of vector.split("/").slice(1)) {
    const [code = "", value = ""] = part.split(":");
    const metric = metrics[code];
    const word = metric?.values[value];
    if (metric && word) out.push({ code, label: metric.label, value: word });
  }
  return out;
}
