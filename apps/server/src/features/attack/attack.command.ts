import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { AppError } from "../../http/errors";
import { openRuntime } from "../../runtime";
import { importAttackBundle } from "./attack.service";

/** `watchfloor attack import FILE`: load an ATT&CK STIX bundle (2.0 or 2.1) into the catalogue. */
export function registerAttackCommand(program: Command, fail: (message: string) => never): void {
  program
    .command("attack")
    .description("the MITRE ATT&CK catalogue")
    .command("import <file>")
    .description("import an ATT&CK STIX bundle (enterprise, mobile or ICS; STIX 2.0 or 2.1), replacing the domains it covers")
    .action(async (file: string) => {
      const runtime = await openRuntime();
      try {
        const result = await importAttackBundle(runtime.ctx, readFileSync(file, "utf8"));
        console.log(
          `Imported ${file} (STIX ${result.specVersion}, ${result.domains.join(", ")}): ${result.techniques} techniques, ${result.subtechniques} sub-techniques, ${result.revoked} revoked and ${result.deprecated} deprecated kept and marked.`,
        );
      } catch (error) {
        if (error instanceof AppError) fail(`${file}: ${error.details?.[0]?.message ?? error.message}`);
        throw error;
      } finally {
        await runtime.close();
      }
    });
}
