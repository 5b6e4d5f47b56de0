import type { Command } from "commander";
import { alertImportFormats } from "@watchfloor/shared";
import { AppError } from "../../http/errors";
import { sourceFromFile } from "../../importers/types";
import { openRuntime } from "../../runtime";
import { findTenantBySlug } from "../tenants/tenants.repository";
import { type ImportDestinations, importAlertFile } from "./alert-import.service";

/** `watchfloor import alerts FILE --tenant SLUG [--format F]`: the same import as the upload. */
export function registerImportCommand(
  program: Command,
  fail: (message: string) => never,
  destinations: ImportDestinations = {},
): void {
  const command = program.command("import").description("import data files into a tenant");
  command
    .command("alerts <file>")
    .description(`import an alert file; formats: ${alertImportFormats.join(", ")} (detected when not given)`)
    .requiredOption("--tenant <slug>", "tenant slug, e.g. tenant-a")
    .option("--format <format>", "file format (default: detected from the content)")
    .option("--json", "print the whole report as JSON")
    .action(async (file: string, options: { tenant: string; format?: string; json?: boolean }) => {
      const runtime = await openRuntime();
      try {
        const tenant = await findTenantBySlug(runtime.ctx.db, options.tenant);
        if (!tenant) fail(`No tenant with slug ${options.tenant}.`);
        const report = await importAlertFile(runtime.ctx, tenant.id, sourceFromFile(file), {
          format: options.format,
          filename: file.split("/").at(-1) ?? file,
          doer: { userId: null, name: "CLI" },
          destinations,
        });
        if (options.json) {
          console.log(JSON.stringify(report, null, 2));
          return;
        }
        console.log(
          `Imported ${file} as ${report.format} into ${tenant.name}: ${report.rowsRead} rows read, ${report.created} created, ${report.updated} updated, ${report.rejectedCount} rejected, ${report.findingCount} data-quality findings.`,
        );
        for (const s of report.skipped) console.log(`  skipped ${s.count}: ${s.reason}`);
        for (const r of report.routed)
          console.log(
            `  sent ${r.rows} to the ${r.destination} import: ${r.error ? `not imported (${r.error})` : `import ${r.importId}, ${r.created} created, ${r.updated} updated, ${r.rejectedCount} rejected`}`,
          );
        for (const r of report.rejected.slice(0, 20))
          console.log(`  rejected row ${r.row}: ${r.problems.map((p) => `${p.field}: ${p.reason}`).join("; ")}`);
        for (const f of report.findings.slice(0, 20)) console.log(`  finding row ${f.row} ${f.field}: ${f.message}`);
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
