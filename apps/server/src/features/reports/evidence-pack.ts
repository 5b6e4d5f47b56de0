import { type ComplianceFramework, complianceFrameworkLabels, formatPercent } from "@watchfloor/shared";
import type { Content } from "pdfmake/interfaces";
import type { AppContext } from "../../context";
import type { TenantScope } from "../../http/policy";
import { EVIDENCE_PDF_ROWS, evidenceFindings } from "../compliance/compliance-export";
import { frameworkScores, requirementScores } from "../compliance/compliance-scores.service";
import { tenantNames } from "../dashboard/dashboard.repository";
import { reportBrand } from "../settings/branding.service";
import { cover, type DocumentMeta, figures, h1, para, render, table } from "./report-pdf";

const rate = (v: number | null) => (v == null ? "not scored" : formatPercent(v));
/**
 * Long unbroken tokens (ARNs, rule ids, JSON paths) get break opportunities (a zero-width space)
 * after their punctuation and every 20 characters, or pdfmake widens the column past the page.
 */
const breakable = (text: string) =>
  text.replace(/\S{24,}/g, (word) =>
    word.replace(/([/._:,=-])/g, "$1\u200B").replace(/[^\s\u200B]{20}(?=[^\s\u200B])/g, "$&\u200B"),
  );

/**
 * A framework's evidence pack as PDF (docs/compliance.md): a cover with the tenants and the
 * generation time, the framework's score, every requirement with its pass rate, and the failing,
 * erroring and excepted results with the requirements they speak to and the tools' evidence.
 * Passing results are counted per requirement, not listed: the CSV pack lists every result.
 */
export async function evidencePackPdf(
  ctx: AppContext,
  scope: TenantScope,
  framework: ComplianceFramework,
  timeZone: string,
  generatedBy: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const label = complianceFrameworkLabels[framework];
  const [scores, requirements, findings, names, brand] = await Promise.all([
    frameworkScores(ctx, scope),
    requirementScores(ctx, scope, framework),
    evidenceFindings(ctx, scope.tenantIds, framework),
    tenantNames(ctx.db, scope.tenantIds),
    reportBrand(ctx),
  ]);
  const score = scores.items.find((s) => s.framework === framework);
  const tenants = scope.tenantIds.map((id) => ({ id, name: names.get(id) ?? id }));
  const meta: DocumentMeta = {
    title: `${label} evidence pack`,
    subject: tenants.length === 1 ? (tenants[0]?.name ?? "") : `${tenants.length} tenants`,
    generatedAt: new Date(ctx.now()).toISOString(),
    generatedBy,
    tenants,
    allTenants: scope.selected === null,
    period: null,
    timeZone,
  };
  const content: Content[] = [
    ...cover(meta, true, brand),
    h1("Score"),
    score
      ? figures([
          { label: "Pass rate", value: rate(score.passRate) },
          { label: "Passing", value: String(score.pass) },
          { label: "Failing", value: String(score.fail + score.error) },
          { label: "Excepted", value: String(score.excepted) },
          { label: "Requirements", value: String(score.requirements) },
          { label: "Requirements failing", value: String(score.requirementsFailing) },
          { label: "Tool labels", value: String(score.sources.length), note: score.sources.join(", ") },
        ])
      : para(`No imported result maps to ${label} for these tenants.`, "muted"),
    para(
      "Over the latest scan of each tool, target and benchmark. Pass rate = pass / (pass + fail + error); results under an accepted exception count apart as excepted.",
      "small",
    ),
    h1("Requirements"),
    ...table(
      {
        name: "requirements",
        title: "Requirements",
        columns: ["Source", "Requirement", "Pass rate", "Pass", "Fail", "Error", "Excepted", "Controls"],
        rows: requirements.items.map((r) => [
          r.source,
          r.requirement,
          rate(r.passRate),
          r.pass,
          r.fail,
          r.error,
          r.excepted,
          r.controls,
        ]),
        numeric: [3, 4, 5, 6, 7],
      },
      { title: false, empty: "No requirement of this framework has a result." },
    ),
    h1("Failing, erroring and excepted results"),
    ...(findings.more > 0
      ? [para(`The ${EVIDENCE_PDF_ROWS} most severe are listed; ${findings.more} more are in the CSV evidence pack.`, "muted")]
      : []),
    ...table(
      {
        name: "findings",
        title: "Results",
        columns: ["Requirements", "Control", "Target / resource", "Severity", "Status", "Evidence"],
        rows: findings.items.map((f) => [
          // A row never outgrows a page: a few requirements, the rest counted (the CSV lists them all).
          f.requirements.length > 6
            ? `${f.requirements.slice(0, 6).join(", ")} and ${f.requirements.length - 6} more`
            : f.requirements.join(", "),
          breakable(`${f.title} (${f.tool} ${f.controlId})`),
          breakable(f.resourceId && f.resourceId !== f.targetId ? `${f.targetId} / ${f.resourceId}` : f.targetId),
          f.severity,
          f.exceptionId ? "excepted" : f.result,
          breakable((f.evidence ?? "").slice(0, 300)),
        ]),
        // Fixed widths: long ids and evidence wrap inside their cells instead of widening the table.
        widths: [95, 115, 80, 38, 40, "*"],
      },
      { title: false, empty: "Nothing fails: every result mapped to this framework passes.", tallRows: true },
    ),
  ];
  const pdf = await render(meta, content, brand);
  const day = meta.generatedAt.slice(0, 10);
  return { pdf, fileName: `watchfloor-evidence-${framework}-${day}.pdf` };
}
