import type { Benchmark } from "./harness";
import { rawAlertInsert } from "./raw-alert-insert";

const TOTAL = Number(process.env.BENCH_INGEST_TOTAL ?? 200_000);

// The alert list's sort indexes (migrations 0010 and 0011): one per sortable column, so that
// every sort of a million alerts answers its first page from an index.
const highCardinality = [
  "alerts_name_idx",
  "alerts_rule_idx",
  "alerts_hostname_idx",
  "alerts_username_idx",
  "alerts_src_ip_idx",
  "alerts_techniques_idx",
  "alerts_tactics_idx",
];
const otherSorts = [
  "alerts_detected_idx",
  "alerts_priority_idx",
  "alerts_status_idx",
  "alerts_updated_idx",
  "alerts_source_idx",
  "alerts_assignee_idx",
  "alerts_ack_due_idx",
  "alerts_respond_due_idx",
  "alerts_tenant_id_idx",
  "alerts_detection_source_idx",
  "alerts_source_tool_idx",
  "alerts_environment_idx",
];

/**
 * What the list's sort indexes cost the writer: the raw prepared insert of the ingest benchmark
 * (one thread, no HTTP, no validation) into the full schema, and into the same schema without
 * some of those indexes. The writer is one thread whatever else runs in parallel, so its rate
 * bounds ingestion over HTTP from above.
 */
export const benchmark: Benchmark = {
  title: `Alert write cost: raw inserts of ${TOTAL.toLocaleString("en")} alerts with and without the list's sort indexes`,
  async run() {
    const now = Date.now();
    const full = await rawAlertInsert({ total: TOTAL, now });
    const fewer = await rawAlertInsert({ total: TOTAL, now, without: highCardinality });
    const none = await rawAlertInsert({ total: TOTAL, now, without: [...highCardinality, ...otherSorts] });
    return [
      { name: "full schema (19 sort indexes)", value: full.rate, unit: "rows/s" },
      { name: "full schema: CPU a row", value: full.cpuPerRow, unit: "µs" },
      {
        name: "without the 7 high-cardinality sort indexes",
        value: fewer.rate,
        unit: "rows/s",
        baseline: { name: "full", value: full.rate },
      },
      { name: "without them: CPU a row", value: fewer.cpuPerRow, unit: "µs" },
      { name: "without all 19 sort indexes", value: none.rate, unit: "rows/s", baseline: { name: "full", value: full.rate } },
      { name: "without all: CPU a row", value: none.cpuPerRow, unit: "µs" },
    ];
  },
};
