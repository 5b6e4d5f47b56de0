import type { Command } from "commander";
import { AppError } from "../../http/errors";
import { sourceFromFile } from "../../importers/types";
import { openRuntime } from "../../runtime";
import { importCommandOf } from "../findings/findings.command";
import { findTenantBySlug } from "../tenants/tenants.repository";
import { importNmapFile } from "./attack-surface-import.service";

type Fail = (message: string) => never;

/** `watchfloor import nmap FILE --tenant SLUG`: the same import as the upload. */
export function registerAttackSurfaceCommand(program: Command, fail: Fail): void {
  importCommandOf(program)
    .command("nmap <file>")
    .description("import an nmap XML scan (nmap -sV --script ssl-cert -oX scan.xml TARGETS) into a tenant's attack surface")
    .requiredOption("--tenant <slug>", "tenant slug, e.g. tenant-a")
    .option("--json", "print the whole report as JSON")
    .action(async (file: string, options: { tenant: string; json?: boolean }) => {
      const runtime = await openRuntime();
      try {
        const tenant = await findTenantBySlug(runtime.ctx.db, options.tenant);
        if (!tenant) fail(`No tenant with slug ${options.tenant}.`);
        const report = await importNmapFile(runtime.ctx, tenant.id, sourceFromFile(file), {
          filename: file.split("/").at(-1) ?? file,
          doer: { userId: null, name: "CLI" },
        });
        if (options.json) {
          console.log(JSON.stringify(report, null, 2));
          return;
        }
        const s = report.services;
        console.log(
          `Imported ${file} (nmap ${report.nmapVersion ?? "?"}, scanned ${report.scannedAt}) into ${tenant.name}: ${report.hosts} hosts (${report.hostsNew} new, ${report.internetFacingHosts} internet-facing), ${s.open} open services (${s.new} new, ${s.seen} seen again), ${s.closed} closed since the previous scan, ${report.certificates.total} certificates (${report.certificates.new} new), ${report.rejectedCount} rejected; assets: ${report.assetsCreated} new, ${report.assetsMatched} matched.`,
        );
        if (report.baseline) console.log("  first scan of this tenant: its services are the baseline, none is flagged new");
        for (const r of report.skipped) console.log(`  skipped ${r.count}: ${r.reason}`);
        for (const r of report.rejected.slice(0, 20))
          console.log(`  rejected host at line ${r.row}: ${r.problems.map((p) => `${p.field}: ${p.reason}`).join("; ")}`);
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
