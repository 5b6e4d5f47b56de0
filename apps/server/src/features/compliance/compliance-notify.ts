import type { Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { DB } from "../../db/tables";
import { insertNotifications } from "../notifications/notifications.repository";
import { tenantAdmins } from "../users/users.repository";
import { newlyFailingResults, scanById } from "./compliance-import.repository";
import { previousScan } from "./compliance.repository";

type Imported = { id: string; tool: string; targetKind: string; targetId: string; benchmarkId: string };

/** Where the web app shows one target (apps/web config/paths.ts compliance.target). */
const targetLink = (tenantId: string, s: Imported) =>
  `/compliance/targets/${encodeURIComponent(tenantId)}/${encodeURIComponent(s.targetKind)}/${encodeURIComponent(s.targetId)}`;

/**
 * Tells the tenant's owners and admins when an imported scan, now the latest of its target and
 * benchmark, fails controls that did not fail in the scan before it. The first scan of a target
 * tells nothing (every failure would be "new"), nor does re-importing an older scan. Written in
 * the import's transaction: a rolled-back import tells nobody. Answers the newly failing results'
 * ids, which the import hands to automation rules once it has committed.
 */
export async function noticeNewlyFailing(
  ctx: AppContext,
  trx: Transaction<DB>,
  tenantId: string,
  scans: readonly Imported[],
): Promise<string[]> {
  const notices: { message: string; link: string }[] = [];
  const ids: string[] = [];
  for (const s of scans) {
    const scan = await scanById(trx, tenantId, s.id);
    if (scan?.latest !== 1) continue;
    const previous = await previousScan(trx, scan);
    if (!previous) continue;
    const failing = await newlyFailingResults(trx, s.id, previous.id);
    if (failing.count === 0) continue;
    for (const id of failing.ids) ids.push(id);
    const sample = failing.titles.map((t) => `"${t.slice(0, 80)}"`).join(", ");
    notices.push({
      message: `${failing.count} control${failing.count === 1 ? "" : "s"} newly failing on ${s.targetId} (${s.tool}, ${scan.benchmark_title ?? s.benchmarkId}): ${sample}${failing.count > failing.titles.length ? ", ..." : ""}.`,
      link: targetLink(tenantId, s),
    });
  }
  if (notices.length === 0) return ids;
  const admins = (await tenantAdmins(trx, [tenantId])).get(tenantId) ?? [];
  const at = ctx.now();
  await insertNotifications(
    trx,
    notices.flatMap((n) => admins.map((userId) => ({ userId, tenantId, kind: "compliance_newly_failing" as const, at, ...n }))),
  );
  return ids;
}
