import type { ComplianceCheckInput, ComplianceScanInput } from "@watchfloor/shared";
import type { ImportSource } from "../types";

export { ImportFileError, type ImportSource, sourceFromFile, sourceFromString } from "../types";

/**
 * What a compliance importer yields per check result. Each record carries the scan it belongs
 * to (one file may hold several: Prowler rows of many accounts, kube-bench nodes), and `raw` is
 * the tool's record as written, kept verbatim. `row` is the line (XML, CSV, JSON lines) or the
 * 1-based position of the record in a JSON document.
 */
export type ComplianceImportEvent =
  | { kind: "record"; row: number; scan: ComplianceScanInput; check: ComplianceCheckInput; raw: string }
  | { kind: "rejected"; row: number; problems: { field: string; reason: string }[]; raw: string }
  | { kind: "skipped"; row: number; reason: string };

export type ComplianceImporter = (source: ImportSource) => AsyncIterable<ComplianceImportEvent>;
