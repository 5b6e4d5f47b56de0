import type { Command } from "commander";
import { findingImportFormats } from "@watchfloor/shared";
import { AppError } from "../../http/errors";
import { sourceFromFile } from "../../importers/types";
import { openRuntime } from "../../runtime";
import { importAssetInventory } from "./asset-inventory.service";
import { importIntelFile, type IntelFeed, intelFeeds } from "../intel/intel.service";
import { findTenantBySlug } from "../tenants/tenants.repository";
import { importFindingFile } from "./findings-import.service";

type Fail = (message: string) => never;

const failWith = (fail: Fail, error: unknown): never => {
  if (error instanceof AppError)
    fail(
      error.details?.length ? `${error.message} ${error.details.map((d) => `${d.path} ${d.message}`).join("; ")}` : error.message,
    );
  throw error;
};

/** The `import` command group (created by the alert import command), or a new one. */
export function importCommandOf(program: Command): Command {
  return program.commands.find((c) => c.name() === "import") ?? program.command("import").description("import data files");
}

/** `watchfloor import findings FILE --tenant SLUG [--format F] [--partial] [--include-info]`: the same import as the upload. */
export function registerFindingsCommand(program: Command, fail: Fail): void {
  registerIntelCommands(program, fail);
  registerAssetsCommand(program, fail);
  importCommandOf(program)
    .command("findings <file>")
    .description(`import a vulnerability scanner report; formats: ${findingImportFormats.join(", ")} (detected when not given)`)
    .requiredOption("--tenant <slug>", "tenant slug, e.g. tenant-a")
    .option("--format <format>", "report format (default: detected from the content)")
    .option("--partial", "a scan of part of the checks: never mark findings absent from it as fixed")
    .option(
      "--include-info",
      "keep informational results (open ports, service banners, detected technologies) as observations for the attack surface",
    )
    .option("--json", "print the whole report as JSON")
    .action(
      async (
        file: string,
        options: { tenant: string; format?: string; partial?: boolean; includeInfo?: boolean; json?: boolean },
      ) => {
        const runtime = await openRuntime();
        try {
          const tenant = await findTenantBySlug(runtime.ctx.db, options.tenant);
          if (!tenant) fail(`No tenant with slug ${options.tenant}.`);
          const report = await importFindingFile(runtime.ctx, tenant.id, sourceFromFile(file), {
            format: options.format,
            filename: file.split("/").at(-1) ?? file,
            doer: { userId: null, name: "CLI" },
            partial: options.partial,
            includeInfo: options.includeInfo,
          });
          if (options.json) {
            console.log(JSON.stringify(report, null, 2));
            return;
          }
          console.log(
            `Imported ${file} as ${report.format} into ${tenant.name}: ${report.rowsRead} records read, ${report.created} findings created, ${report.updated} updated, ${report.merged} merged, ${report.reopened} reopened, ${report.fixed} fixed, ${report.rejectedCount} rejected; assets: ${report.assetsCreated} new, ${report.assetsMatched} matched.`,
          );
          if (!report.fullScan) console.log("  partial scan: nothing was marked fixed");
          if (report.includeInfo)
            console.log(
              `  informational results: ${report.observations} kept as observations, ${report.observationsGone} no longer reported`,
            );
          for (const s of report.skipped) console.log(`  skipped ${s.count}: ${s.reason}`);
          for (const r of report.rejected.slice(0, 20))
            console.log(`  rejected row ${r.row}: ${r.problems.map((p) => `${p.field}: ${p.reason}`).join("; ")}`);
          for (const f of report.findings.slice(0, 20)) console.log(`  note row ${f.row} ${f.field}: ${f.message}`);
        } catch (error) {
          failWith(fail, error);
        } finally {
          await runtime.close();
        }
      },
    );
}

/** `watchfloor import kev|epss|cwe FILE [--format F]`: load threat intelligence for every tenant. */
function registerIntelCommands(program: Command, fail: Fail): void {
  const described: Record<IntelFeed, string> = {
    kev: "load the CISA Known Exploited Vulnerabilities catalog (JSON or CSV) and flag findings",
    epss: "load FIRST EPSS scores (CSV) and rank findings",
    cwe: "load CWE names (DefectDojo fixture JSON or MITRE CSV)",
  };
  for (const feed of intelFeeds) {
    importCommandOf(program)
      .command(`${feed} <file>`)
      .description(described[feed])
      .option("--format <format>", "file format (default: detected from the content)")
      .action(async (file: string, options: { format?: string }) => {
        const runtime = await openRuntime();
        try {
          const r = await importIntelFile(runtime.ctx, feed, sourceFromFile(file), {
            format: options.format,
            filename: file.split("/").at(-1) ?? file,
            doer: { userId: null, name: "CLI" },
          });
          const version = r.version ? ` version ${r.version}` : "";
          const released = r.released ? ` of ${r.released}` : "";
          const effect =
            feed === "kev"
              ? `, ${r.findingsUpdated} findings newly flagged`
              : feed === "epss"
                ? `, ${r.findingsUpdated} findings ranked`
                : "";
          console.log(
            `Loaded ${file} as ${r.format}${version}${released}: ${r.rowsRead} entries read, ${r.loaded} loaded, ${r.rejectedCount} rejected${effect}.`,
          );
          for (const x of r.rejected.slice(0, 20))
            console.log(`  rejected row ${x.row}: ${x.problems.map((p) => `${p.field}: ${p.reason}`).join("; ")}`);
        } catch (error) {
          failWith(fail, error);
        } finally {
          await runtime.close();
        }
      });
  }
}

/** `watchfloor import assets FILE --tenant SLUG`: the spec's vulnerable-asset records into the inventory. */
function registerAssetsCommand(program: Command, fail: Fail): void {
  importCommandOf(program)
    .command("assets <file>")
    .description(
      "import vulnerable-asset records (the spec's ASSET-nnnn shape; JSON array or CSV) into a tenant's asset inventory",
    )
    .requiredOption("--tenant <slug>", "tenant slug, e.g. tenant-a")
    .action(async (file: string, options: { tenant: string }) => {
      const runtime = await openRuntime();
      try {
        const tenant = await findTenantBySlug(runtime.ctx.db, options.tenant);
        if (!tenant) fail(`No tenant with slug ${options.tenant}.`);
        const r = await importAssetInventory(runtime.ctx, tenant.id, sourceFromFile(file), {
          filename: file.split("/").at(-1) ?? file,
          doer: { userId: null, name: "CLI" },
        });
        console.log(
          `Imported ${file} into ${tenant.name}: ${r.rowsRead} records read, ${r.assetsCreated} assets created, ${r.assetsUpdated} updated, ${r.findingsCreated} findings created, ${r.findingsUpdated} updated, ${r.rejectedCount} rejected, ${r.findingCount} data-quality findings.`,
        );
        for (const x of r.rejected.slice(0, 20))
          console.log(`  rejected row ${x.row}: ${x.problems.map((p) => `${p.field}: ${p.reason}`).join("; ")}`);
        for (const f of r.findings.slice(0, 20)) console.log(`  finding row ${f.row} ${f.field}: ${f.message}`);
      } catch (error) {
        failWith(fail, error);
      } finally {
        await runtime.close();
      }
    });
}
