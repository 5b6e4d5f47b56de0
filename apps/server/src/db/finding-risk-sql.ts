import { priorities, priorityRank, riskModel } from "@watchfloor/shared";
import { type RawBuilder, sql } from "kysely";

// The model's finding risk in SQL (packages/shared/src/risk.ts findingRisk) over a findings row
// aliased `f`, so the database aggregates 500,000 findings instead of sending every row to JS.
// Used by the risk figures and by VM's fix groups (risk removed).
const lit = (n: number) => sql.lit(n);
export const findingBaseSql: RawBuilder<number> = sql`coalesce(f.cvss_score, case f.severity_rank ${sql.join(
  priorities.map((p) => sql`when ${lit(priorityRank[p])} then ${lit(riskModel.severityBase[p])}`),
  sql` `,
)} else ${lit(riskModel.severityBase.Low)} end)`;
export const findingEpssFactorSql = sql`(1 + coalesce(f.epss, 0))`;
export const findingFullFactorSql = sql`(case when f.kev = 1 then ${lit(riskModel.kevFactor)} else 1 + coalesce(f.epss, 0) end)`;
