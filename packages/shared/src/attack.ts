import { z } from "zod";

/** The 14 ATT&CK Enterprise tactics in kill-chain order, with their ids. */
export const tactics = [
  { id: "TA0043", name: "Reconnaissance" },
  { id: "TA0042", name: "Resource Development" },
  { id: "TA0001", name: "Initial Access" },
  { id: "TA0002", name: "Execution" },
  { id: "TA0003", name: "Persistence" },
  { id: "TA0004", name: "Privilege Escalation" },
  { id: "TA0005", name: "Defense Evasion" },
  { id: "TA0006", name: "Credential Access" },
  { id: "TA0007", name: "Discovery" },
  { id: "TA0008", name: "Lateral Movement" },
  { id: "TA0009", name: "Collection" },
  { id: "TA0011", name: "Command and Control" },
  { id: "TA0010", name: "Exfiltration" },
  { id: "TA0040", name: "Impact" },
] as const;

export type Tactic = (typeof tactics)[number]["name"];
export const tacticSchema = z.enum(tactics.map((t) => t.name) as [Tactic, ...Tactic[]]);

/** T1110 or T1110.001 (sub-technique). */
export const techniqueIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^T\d{4}(\.\d{3})?$/, "is not an ATT&CK technique id like T1110 or T1110.001");

/** Maps "credential-access", "Credential Access", "TA0006" and "attack.credential_access" to the tactic name. */
export function normaliseTactic(value: string): Tactic | null {
  const v = value.trim().toLowerCase().replace(/^attack\./, "").replace(/[_-]+/g, " ");
  for (const t of tactics) {
    if (t.id.toLowerCase() === v || t.name.toLowerCase() === v) return t.name as Tactic;
  }
  // "Command And Control" and "command & control"
  if (v === "command & control") return "Command and Control";
  return null;
}
