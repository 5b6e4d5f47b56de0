import type { MdrReassignBody, MdrReassignResult } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Doer } from "../../http/actor";
import { invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope } from "../../http/tenant-scope";
import { bulkAlerts } from "../alerts/alerts.service";
import { memberOf } from "../users/users.repository";
import * as repo from "./mdr.repository";

/**
 * Reassigns from the workload screen: one analyst's (or the unassigned) open alerts of one client,
 * oldest first, go to another analyst through the alerts service, so each gets its timeline entry,
 * the assignee a notification, and automation sees the change as it would a person's.
 */
export async function reassign(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  body: Required<MdrReassignBody>,
): Promise<MdrReassignResult> {
  assertTenantInScope(scope, body.tenantId);
  const to = await memberOf(ctx.db, body.tenantId, body.toUserId);
  if (!to || to.role === "executive") throw invalid("toUserId", "is not an analyst of this tenant");
  if (to.displayName === body.from) throw invalid("toUserId", "already holds these alerts");
  const ids = await repo.openAlertIdsOf(ctx.db, body.tenantId, body.from, body.limit);
  if (ids.length === 0) throw notFound("Open alerts of this assignee");
  const result = await bulkAlerts(ctx, scope, doer, ids, { type: "assign", assigneeUserId: body.toUserId });
  return {
    moved: result.updated,
    failed: ids.length - result.updated,
    remaining: await repo.countOpenOf(ctx.db, body.tenantId, body.from),
  };
}
