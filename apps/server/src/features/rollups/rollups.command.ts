import type { Command } from "commander";
import { openRuntime } from "../../runtime";
import { rebuildRollups } from "./rollup-rebuild";

/**
 * `watchfloor rollups rebuild`: recomputes the security-overview rollups from the alerts, in one
 * transaction. Never needed in normal running (every write path queues its own refresh); for
 * alerts loaded behind the server's back, or to repair. Stop the server first on SQLite.
 */
export function registerRollupsCommand(program: Command): void {
  program
    .command("rollups")
    .description("the security-overview rollups")
    .command("rebuild")
    .description("recompute every rollup from the alerts (about 2 minutes per million alerts)")
    .action(async () => {
      const runtime = await openRuntime();
      try {
        const { leaves, seconds } = await runtime.ctx.db.transaction().execute((trx) => rebuildRollups(trx, runtime.ctx.now()));
        console.log(`Rebuilt the rollups: ${leaves} tenant quarter hours with alerts, in ${seconds.toFixed(1)} s.`);
      } finally {
        await runtime.close();
      }
    });
}
