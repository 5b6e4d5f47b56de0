import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";
import { newId } from "../../lib/tokens";

type Db = Kysely<DB> | Transaction<DB>;

export interface TimelineEntry {
  tenantId: string;
  subjectType: "alert" | "incident" | "finding";
  subjectId: string;
  at: number;
  actorUserId?: string | null;
  actorName?: string | null;
  kind: "created" | "updated" | "status" | "assigned" | "comment" | "escalated" | "linked";
  changes?: Record<string, unknown>;
  comment?: string | null;
}

export async function addTimeline(db: Db, entries: TimelineEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) {
    await db
      .insertInto("timeline_events")
      .values(
        entries.slice(i, i + 500).map((e) => ({
          id: newId(),
          tenant_id: e.tenantId,
          subject_type: e.subjectType,
          subject_id: e.subjectId,
          at: e.at,
          actor_user_id: e.actorUserId ?? null,
          actor_name: e.actorName ?? null,
          kind: e.kind,
          changes: JSON.stringify(e.changes ?? {}),
          comment: e.comment ?? null,
        })),
      )
      .execute();
  }
}

export const listTimeline = (db: Db, tenantId: string, subjectType: "alert" | "incident" | "finding", subjectId: string) =>
  db
    .selectFrom("timeline_events")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("subject_type", "=", subjectType)
    .where("subject_id", "=", subjectId)
    .orderBy("at", "asc")
    .orderBy("id", "asc")
    .execute();
