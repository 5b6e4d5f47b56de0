import { normaliseTactic, type Tactic, techniqueIdSchema } from "@watchfloor/shared";
import type { RowReport } from "./emit";
import { asText, unique } from "./values";

/**
 * Valid ATT&CK technique ids, upper-cased and de-duplicated. Anything else is reported
 * (out_of_enumeration) and dropped, so one odd tag does not reject the whole alert.
 */
export function techniqueIds(report: RowReport, values: unknown[], field = "mitreTechniques"): string[] {
  const out: string[] = [];
  for (const value of values) {
    const text = asText(value);
    if (text === undefined) continue;
    const parsed = techniqueIdSchema.safeParse(text);
    if (parsed.success) out.push(parsed.data);
    else
      report.finding(
        "out_of_enumeration",
        field,
        text,
        `${JSON.stringify(text)} is not an ATT&CK technique id like T1110 or T1110.001`,
      );
  }
  return unique(out);
}

/** Tactic names via normaliseTactic ("credential-access", "TA0006", ...); others reported and dropped. */
export function tacticNames(report: RowReport, values: unknown[], field = "tactics"): Tactic[] {
  const out: Tactic[] = [];
  for (const value of values) {
    const text = asText(value);
    if (text === undefined) continue;
    const tactic = normaliseTactic(text);
    if (tactic) out.push(tactic);
    else report.finding("out_of_enumeration", field, text, `${JSON.stringify(text)} is not one of the 14 ATT&CK tactics`);
  }
  return unique(out);
}

/** Technique ids inside tags: "attack.t1110", "attack.t1110.001", "mitre:T1110", "T1059.001". */
export function techniqueFromTag(tag: string): string | undefined {
  const m = /^(?:attack[.:]|mitre[.:]\s*|mitre-attack[.:])?(t\d{4}(?:\.\d{3})?)$/i.exec(tag.trim());
  return m?.[1]?.toUpperCase();
}

/** Tactic names inside tags: "attack.credential_access", "mitre:credential-access". Bare words are not tactics. */
export function tacticFromTag(tag: string): Tactic | undefined {
  const m = /^(?:attack|mitre|mitre-attack)[.:]\s*(.+)$/i.exec(tag.trim());
  return m?.[1] ? (normaliseTactic(m[1]) ?? undefined) : undefined;
}
