import type { ComplianceResult } from "@watchfloor/shared";
import { parseDocument } from "../json-input";
import type { ComplianceImporter, ImportSource } from "./types";
import { ImportFileError } from "./types";
import { isRecord, isoTime, mapping, str, tidy, toRecord } from "./values";

type Obj = Record<string, unknown>;

/** The API's `{ data: { affected_items: [...] } }` envelope, or a bare array. */
function items(value: unknown): Obj[] | undefined {
  if (Array.isArray(value)) return value.filter(isRecord);
  if (isRecord(value) && isRecord(value.data) && Array.isArray(value.data.affected_items))
    return value.data.affected_items.filter(isRecord);
  return undefined;
}

export function scaResult(check: Obj): ComplianceResult | undefined {
  const r = (str(check.result) ?? str(check.status) ?? "").toLowerCase();
  if (r === "passed") return "pass";
  if (r === "failed") return "fail";
  if (r === "not applicable" || r === "not_applicable") return "not_applicable";
  return undefined;
}

/** What the check looked at: the API lists the files, commands, processes or registry keys it read. */
function evidence(check: Obj): string | undefined {
  const parts = ["file", "directory", "command", "process", "registry"].map((k) =>
    str(check[k]) ? `${k}: ${str(check[k])}` : undefined,
  );
  const reason = str(check.reason);
  return [...parts, reason && `reason: ${reason}`].filter(Boolean).join("\n") || undefined;
}

/**
 * Wazuh SCA as its API returns it: `GET /sca/{agent_id}/checks/{policy_id}` (the checks, each
 * with `compliance: [{key, value}]`), alone or together with `GET /sca/{agent_id}` (the policy)
 * and the agent: `{ "agent": {"id","name"}, "policy": ..., "checks": ... }`. The checks response
 * names neither the agent nor the scan time; those come from the agent and policy when given.
 */
export const importWazuhSca: ComplianceImporter = async function* (source: ImportSource) {
  const doc = parseDocument(await source.text());
  const combined = isRecord(doc) && "checks" in doc ? doc : undefined;
  const checks = items(combined ? combined.checks : doc);
  if (!checks)
    throw new ImportFileError("Not a Wazuh SCA checks response: expected data.affected_items (or checks) holding the checks");
  const policies = combined ? (items(combined.policy) ?? (isRecord(combined.policy) ? [combined.policy] : [])) : [];
  const agent = combined && isRecord(combined.agent) ? combined.agent : {};
  const agentId = str(agent.id) ?? str(combined?.agent_id);
  let row = 0;
  for (const check of checks) {
    row++;
    const raw = JSON.stringify(check);
    const result = scaResult(check);
    if (!result) {
      yield { kind: "rejected", row, raw, problems: [{ field: "result", reason: "is not passed, failed or not applicable" }] };
      continue;
    }
    const policyId = str(check.policy_id) ?? "";
    const policy = policies.find((p) => str(p.policy_id) === policyId) ?? {};
    const compliance = Array.isArray(check.compliance) ? check.compliance.filter(isRecord) : [];
    yield toRecord(
      row,
      {
        tool: "Wazuh SCA",
        toolVersion: null,
        targetKind: "host",
        targetId: agentId ?? "unknown agent",
        targetName: str(agent.name) ?? null,
        benchmarkId: policyId,
        benchmarkTitle: str(policy.name) ?? null,
        benchmarkVersion: null,
        scannedAt: isoTime(policy.end_scan) ?? isoTime(policy.start_scan) ?? null,
      },
      {
        controlId: str(check.id) ?? "",
        title: str(check.title) ?? "",
        severity: "unknown",
        result,
        rationale: tidy([str(check.description), str(check.rationale)].filter(Boolean).join("\n\n")) ?? null,
        remediation: tidy(str(check.remediation)) ?? null,
        evidence: evidence(check) ?? null,
        resourceId: agentId ?? null,
        resourceType: "host",
        // Wazuh writes several ids in one value ("1.1.1, 1.1.2").
        mappings: compliance.flatMap((c) =>
          (str(c.value) ?? "")
            .split(/,\s*/)
            .filter(Boolean)
            .map((v) => mapping(str(c.key) ?? "unknown", v)),
        ),
      },
      raw,
    );
  }
};
