import { fork } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { AutomationAction, Condition } from "@watchfloor/shared";
import { backgroundWork } from "../apps/server/src/background-work";
import { automationFor } from "../apps/server/src/features/automation/automation-engine";
import { insertRule } from "../apps/server/src/features/automation/automation.repository";
import { createWebhook } from "../apps/server/src/features/webhooks/webhooks.service";
import { newId } from "../apps/server/src/lib/tokens";
import { startWebhookReceiver } from "../apps/server/src/test/webhook-receiver";
import { benchApp } from "./bench-app";
import type { Benchmark, Figure } from "./harness";
import type { ClientJob, ClientReport } from "./ingest-client";

const TOTAL = Number(process.env.BENCH_AUTOMATION_TOTAL ?? 50_000);
const BATCH = 5_000;
const RULES = 50;

/**
 * Issue 16's ingest figures: HTTP bulk ingest (NDJSON, API key, on-disk SQLite) with no rules,
 * with 50 enabled rules, and with the same rules where one calls a webhook whose receiver takes
 * 2 s to answer. Timed until the last request answered and, separately, until the rules had
 * answered every alert too (they run after each request commits). Same run, fresh database each.
 */
export const benchmark: Benchmark = {
  title: `Alert ingest with automation rules: ${TOTAL.toLocaleString("en")} alerts over HTTP, 0 vs ${RULES} rules vs a 2 s webhook`,
  async run() {
    const none = await scenario("none");
    const rules = await scenario("rules");
    const slow = await scenario("slow-webhook");
    const rate = (r: Result, name: string, base?: Result, baseName?: string): Figure => ({
      name,
      value: r.ingestRate,
      unit: "alerts/s",
      ...(base && baseName ? { baseline: { name: baseName, value: base.ingestRate } } : {}),
    });
    const settled = (r: Result, name: string, base?: Result, baseName?: string): Figure => ({
      name,
      value: r.settledRate,
      unit: "alerts/s",
      ...(base && baseName ? { baseline: { name: baseName, value: base.settledRate } } : {}),
    });
    return [
      rate(none, "ingest, no rules (baseline)"),
      rate(rules, `ingest, ${RULES} enabled rules`, none, "no rules"),
      rate(slow, `ingest, ${RULES} rules, one calling a 2 s webhook`, rules, `${RULES} rules`),
      settled(none, "ingested and answered, no rules"),
      settled(rules, `ingested and answered by ${RULES} rules`, none, "no rules"),
      settled(slow, "ingested and answered, with the 2 s webhook", rules, `${RULES} rules`),
      { name: "rule runs (alerts matched by a rule)", value: rules.runs, unit: "runs" },
      { name: "webhook deliveries queued (2 s receiver)", value: slow.deliveries, unit: "deliveries" },
      { name: "rule work per alert (from the settled rates)", value: (1 / rules.settledRate - 1 / none.settledRate) * 1e6, unit: "µs" },
    ];
  },
};

interface Result {
  ingestRate: number;
  settledRate: number;
  runs: number;
  deliveries: number;
}

/** 45 rules that look at fields and match almost nothing, 5 that tag or assign a share of alerts. */
function ruleSet(webhookId: string | null): { condition: Condition; actions: AutomationAction[] }[] {
  const set: { condition: Condition; actions: AutomationAction[] }[] = [];
  for (let i = 0; i < RULES - 5; i++)
    set.push({
      condition: {
        all: [
          { field: "name", op: "contains", value: `no-such-detection-${i}` },
          { any: [{ field: "srcIp", op: "cidr", value: `10.${i}.0.0/16` }, { field: "hostname", op: "matches", value: `^lab-${i}-\\d+$` }] },
        ],
      },
      actions: [{ type: "addTags", tags: [`rule-${i}`] }],
    });
  const critical: Condition = { field: "priority", op: "equals", value: "Critical" };
  set.push({ condition: { all: [critical, { field: "tactics", op: "contains", value: "credential" }] }, actions: [{ type: "addTags", tags: ["credential-theft"] }] });
  set.push({ condition: { all: [critical, { field: "techniques", op: "startsWith", value: "T1059" }] }, actions: [{ type: "addTags", tags: ["scripting"] }] });
  set.push({ condition: { field: "name", op: "matches", value: "(?i)ransom|encrypt" }, actions: [{ type: "setPriority", priority: "Critical" }] });
  set.push({ condition: { all: [critical, { field: "srcIp", op: "cidr", value: "0.0.0.0/0" }] }, actions: [{ type: "addTags", tags: ["external"] }] });
  set.push({
    condition: { all: [critical, { field: "tactics", op: "contains", value: "exfiltration" }] },
    actions: webhookId ? [{ type: "webhook", webhookId }] : [{ type: "addTags", tags: ["exfiltration"] }],
  });
  return set;
}

async function scenario(kind: "none" | "rules" | "slow-webhook"): Promise<Result> {
  const server = await benchApp();
  const receiver = kind === "slow-webhook" ? await startWebhookReceiver() : null;
  if (receiver) receiver.delayMs = 2_000;
  const ctx = server.ctx;
  Object.assign(ctx.env, { WATCHFLOOR_WEBHOOK_PRIVATE_TARGETS: true });
  const runner = backgroundWork(ctx, () => undefined);
  ctx.jobs = runner;
  runner.start();
  const tenantId = server.tenants[0]?.id ?? "";
  const scope = { tenantIds: [tenantId], memberTenantIds: [tenantId], selected: tenantId };
  const webhookId = receiver
    ? (await createWebhook(ctx, scope, { userId: null, name: "bench" }, { tenantId, name: "Slow receiver", kind: "standard", url: receiver.url, enabled: true })).id
    : null;
  if (kind !== "none")
    for (const [i, rule] of ruleSet(webhookId).entries())
      await insertRule(
        ctx.db,
        {
          id: newId(),
          name: `Bench rule ${i + 1}`,
          description: "",
          position: i + 1,
          enabled: 1,
          stop_after: 0,
          trigger: "alert.created",
          every_minutes: null,
          condition: JSON.stringify(rule.condition),
          actions: JSON.stringify(rule.actions),
          owner_user_id: null,
          owner_name: "bench",
          created_at: Date.now(),
          updated_at: Date.now(),
          next_run_at: null,
          round_robin: 0,
        },
        [tenantId],
      );
  const key = await server.apiKey(tenantId);
  const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
  const client = fork(fileURLToPath(new URL("./ingest-client.ts", import.meta.url)));
  try {
    let started = 0;
    const ingestSeconds = await new Promise<number>((resolve, reject) => {
      client.on("message", (message: ClientReport) => {
        if (message.kind === "start") started = performance.now();
        else if (message.kind === "end") resolve((performance.now() - started) / 1000);
        else if (message.kind === "error") reject(new Error(message.message));
      });
      client.on("error", reject);
      client.send({ address, key, total: TOTAL, batch: BATCH, now: Date.now(), daysBack: 1 } satisfies ClientJob);
    });
    await automationFor(ctx).idle();
    const settledSeconds = (performance.now() - started) / 1000;
    const runs = await ctx.db.selectFrom("automation_runs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
    const deliveries = await ctx.db.selectFrom("webhook_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
    return { ingestRate: TOTAL / ingestSeconds, settledRate: TOTAL / settledSeconds, runs: Number(runs?.n ?? 0), deliveries: Number(deliveries?.n ?? 0) };
  } finally {
    client.kill();
    await runner.stop();
    await server.close();
    await receiver?.close();
  }
}
