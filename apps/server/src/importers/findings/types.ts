import type { FindingInput } from "@watchfloor/shared";
import type { ImportSource } from "../types";

export { ImportFileError, type ImportSource, sourceFromFile, sourceFromString } from "../types";

/**
 * What a finding importer yields for each scanner record. `row` is the line the record starts on
 * for XML reports and the 1-based position of the record in the document for JSON reports.
 * The caller stores records, keeps rejected ones with their reasons and counts skips by reason.
 */
export type FindingImportEvent =
  | { kind: "record"; row: number; finding: FindingInput }
  | { kind: "rejected"; row: number; problems: { field: string; reason: string }[]; raw: string }
  | { kind: "skipped"; row: number; reason: string }
  /**
   * A result the scanner rates informational (an open port, a service banner, a detected
   * technology): not a vulnerability. Skipped with `reason` unless the import keeps
   * informational results (`includeInfo`), which store it as an observation for the attack
   * surface. `finding.severity` carries no meaning here.
   */
  | { kind: "informational"; row: number; reason: string; finding: FindingInput };

export type FindingImporter = (source: ImportSource) => AsyncIterable<FindingImportEvent>;
