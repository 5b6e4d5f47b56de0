import type { Command } from "commander";
import { complianceImportFormats } from "@watchfloor/shared";
import { AppError } from "../../http/errors";
import { sourceFromFile } from "../../importers/types";
import { openRuntime } from "../../runtime";
import { importCommandOf } from "../findings/findings.command";
import { findTenantBySlug } from "../tenants/tenants.repository";
import { importComplianceFile } from "./compliance-import.service";

type Fail = (message: string) => never;

/** `watchfloor import compliance FILE --tenant SLUG [--format F]`: the same import as the upload. */
export function registerComplianceCommand(program: Command, fail: Fail): void {
  importCommandOf(program)
    .command("compliance <file>")
    .description(
      `import configuration-assessment results; formats: ${complianceImportFormats.join(", ")} (detected when not given)`,
    )
    .requiredOption("--tenant <slug>", "tenant slug, e.g. tenant-a")
    .option("--format <format>", "file format (default: detected from the content)")
    .option("--target <name>", "the target of every scan in the file, for tools that do not name it (kube-bench's cluster)")
    .option("--json", "print the whole report as JSON")
    .action(async (file: string, options: { tenant: string; format?: string; target?: string; json?: boolean }) => {
      const runtime = await openRuntime();
      try {
        const tenant = await findTenantBySlug(runtime.ctx.db, options.tenant);
        if (!tenant) fail(`No tenant with slug ${options.tenant}.`);
        const report = await importComplianceFile(runtime.ctx, tenant.id, sourceFromFile(file), {
          format: options.format,
          target: options.target,
          filename: file.split("/").at(-1) ?? file,
          doer: { userId: null, name: "CLI" },
        });
        if (options.json) {
          console.log(JSON.stringify(report, null, 2));
          return;
        }
        console.log(
          `Imported ${file} as ${report.format} into ${tenant.name}: ${report.rowsRead} records read, ${report.resultsStored} results in ${report.scans.length} scans, ${report.mappings} framework mappings, ${report.rejectedCount} rejected.`,
        );
        for (const s of report.scans)
          console.log(
            `  scan ${s.tool} ${s.targetKind} ${s.targetId} ${s.benchmarkId} at ${s.scannedAt}: ${s.results} results${s.replacedEarlierImport ? " (replaced an earlier import of this scan)" : ""}`,
          );
        for (const s of report.skipped) console.log(`  skipped ${s.count}: ${s.reason}`);
        for (const r of report.rejected.slice(0, 20))
          console.log(`  rejected row ${r.row}: ${r.problems.map((p) => `${p.field}: ${p.reason}`).join("; ")}`);
      } catch (error) {
        if (error instanceof AppError)
          fail(
            error.details?.length
              ? `${error.message} ${error.details.map((d) => `${d.path} ${d.message}`).join("; ")}`
              : error.message,
          );
        throw error;
      } finally {
        await runtime.close();
      }
    });
}
