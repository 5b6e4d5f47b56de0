import { roleCan } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { invalid } from "../../http/errors";
import { memberOf } from "../users/users.repository";

/** An owner of CTEM work: a member of the tenant who may change data (owner, admin or analyst). */
export async function assertWorker(ctx: AppContext, tenantId: string, userId: string, field: string) {
  const member = await memberOf(ctx.db, tenantId, userId);
  if (!member || !roleCan(member.role, "data.write")) throw invalid(field, "is not an owner, admin or analyst of this tenant");
}
