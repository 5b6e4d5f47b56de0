import type { ComplianceMapping, ComplianceResult, ComplianceScanInput } from "@watchfloor/shared";
import { readXml, toPlain, type XmlElement } from "../findings/xml";
import type { ComplianceImporter, ImportSource } from "./types";
import { isoTime, mapping, oneLine, severityOf, tidy, toRecord } from "./values";

/** Element names without their namespace prefix: SCAP data streams write `xccdf-1.2:Rule`. */
const local = (name: string) => name.slice(name.indexOf(":") + 1);

function kids(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => local(c.name) === name) : [];
}
const kid = (el: XmlElement | undefined, name: string) => kids(el, name)[0];

/** All text under an element: descriptions hold XHTML (<xhtml:p>, <xhtml:code>). */
function deepText(el: XmlElement | undefined): string {
  if (!el) return "";
  return el.text + el.children.map((c) => deepText(c)).join(" ");
}
const textOf = (el: XmlElement | undefined) => tidy(deepText(el));

/**
 * A Rule's <reference href> names the framework by its document; SCAP Security Guide uses these.
 * Unknown documents keep the address as the label.
 */
export function referenceLabel(href: string): string {
  const nist = href.match(/800-53r(\d)/i);
  if (nist) return `NIST-800-53-Revision-${nist[1]}`;
  const pci = href.match(/PCI[_-]DSS[_-]v?(\d+(?:[-.]\d+)*)/i);
  if (pci) return `PCI-DSS-${(pci[1] ?? "").replaceAll("-", ".")}`;
  if (/cisecurity\.org/i.test(href)) return "CIS";
  if (/iso\.org\/.*(54534|27001:2013)/i.test(href)) return "ISO27001-2013";
  if (/iso\.org\/.*(82875|27001:2022)/i.test(href)) return "ISO27001-2022";
  if (/CSWP\.04162018/i.test(href)) return "NIST-CSF-1.1";
  if (/CSWP\.29/i.test(href)) return "NIST-CSF-2.0";
  if (/title45/i.test(href)) return "HIPAA";
  return href;
}

interface RuleInfo {
  title?: string;
  description?: string;
  rationale?: string;
  fix?: string;
  severity?: string;
  mappings: ComplianceMapping[];
}

function ruleInfo(rule: XmlElement): RuleInfo {
  const mappings: ComplianceMapping[] = [];
  for (const ref of kids(rule, "reference")) {
    const href = ref.attrs.href?.trim();
    const text = oneLine(deepText(ref));
    // SSG writes one reference per requirement, some list several ids comma-separated.
    if (href && text) for (const req of text.split(/,\s*/)) if (req) mappings.push(mapping(referenceLabel(href), req));
  }
  return {
    title: oneLine(deepText(kid(rule, "title"))),
    description: textOf(kid(rule, "description")),
    rationale: textOf(kid(rule, "rationale")),
    fix: textOf(kid(rule, "fixtext")) ?? textOf(kid(rule, "fix")),
    severity: rule.attrs.severity,
    mappings,
  };
}

const results: Record<string, ComplianceResult | { skip: string }> = {
  pass: "pass",
  fixed: "pass",
  fail: "fail",
  error: "error",
  unknown: "error",
  notapplicable: "not_applicable",
  notchecked: "not_checked",
  notselected: { skip: "rule not selected in the profile" },
  informational: { skip: "informational rule" },
};

/**
 * OpenSCAP XCCDF results, 1.1 and 1.2: a Benchmark with TestResult(s), a bare TestResult, or
 * an ARF report collection (the data stream's Benchmark, then the TestResult). Streamed: Rules
 * are kept small (title, texts, references) for the rule-results that follow; rule-results are
 * read one at a time. saxes does not expand external entities and refuses undeclared ones.
 */
export const importXccdf: ComplianceImporter = async function* (source: ImportSource) {
  const rules = new Map<string, RuleInfo>();
  let benchmark: { id?: string; title?: string; version?: string } = {};
  let run: { start?: string; end?: string; system?: string; id?: string } = {};
  let target: { id?: string; address?: string; benchmarkRef?: string; profile?: string } = {};
  const events = readXml(source, {
    roots: [
      "Benchmark",
      "TestResult",
      "asset-report-collection",
      "xccdf:Benchmark",
      "xccdf-1.2:Benchmark",
      "cdf:Benchmark",
      "arf:asset-report-collection",
      "xccdf:TestResult",
      "xccdf-1.2:TestResult",
    ],
    formatName: "XCCDF results",
    capture: (name, parent) => {
      const n = local(name);
      const p = parent ? local(parent) : "";
      if (n === "Rule" || n === "rule-result") return true;
      if (p === "Benchmark" && (n === "title" || n === "version")) return true;
      return p === "TestResult" && ["target", "target-address", "benchmark", "profile"].includes(n);
    },
    opens: [
      "Benchmark",
      "TestResult",
      "xccdf:Benchmark",
      "xccdf-1.2:Benchmark",
      "cdf:Benchmark",
      "xccdf:TestResult",
      "xccdf-1.2:TestResult",
    ],
  });
  for await (const event of events) {
    if (event.kind === "open") {
      if (local(event.name) === "Benchmark") benchmark = { id: event.attrs.id };
      else {
        run = {
          start: event.attrs["start-time"],
          end: event.attrs["end-time"],
          system: event.attrs["test-system"],
          id: event.attrs.id,
        };
        target = {};
      }
      continue;
    }
    const el = event.element;
    const name = local(el.name);
    if (name === "Rule" && el.attrs.id) rules.set(el.attrs.id, ruleInfo(el));
    else if (name === "title") benchmark.title = oneLine(deepText(el));
    else if (name === "version") benchmark.version = oneLine(el.text);
    else if (name === "target") target.id = oneLine(el.text);
    else if (name === "target-address") target.address ??= oneLine(el.text);
    else if (name === "benchmark") target.benchmarkRef = el.attrs.id ?? el.attrs.href;
    else if (name === "profile") target.profile = el.attrs.idref;
    else if (name === "rule-result") {
      const outcome = results[oneLine(deepText(kid(el, "result")))?.toLowerCase() ?? ""];
      const raw = JSON.stringify(toPlain(el));
      if (outcome === undefined) {
        yield {
          kind: "rejected",
          row: el.line,
          raw,
          problems: [{ field: "result", reason: "is missing or not an XCCDF result value" }],
        };
        continue;
      }
      if (typeof outcome === "object") {
        yield { kind: "skipped", row: el.line, reason: outcome.skip };
        continue;
      }
      const id = el.attrs.idref ?? "";
      const rule = rules.get(id) ?? { mappings: [] };
      const benchId = benchmark.id ?? target.benchmarkRef ?? "xccdf";
      const scan: ComplianceScanInput = {
        tool: "OpenSCAP",
        toolVersion: run.system?.match(/openscap:([\w.]+)/i)?.[1] ?? null,
        targetKind: "host",
        targetId: target.id ?? "",
        targetName: target.address ?? null,
        benchmarkId: target.profile ? `${benchId}#${target.profile}` : benchId,
        benchmarkTitle: benchmark.title ?? null,
        benchmarkVersion: benchmark.version ?? null,
        scannedAt: isoTime(run.end) ?? isoTime(run.start) ?? isoTime(el.attrs.time) ?? null,
      };
      const messages = kids(el, "message")
        .map((m) => oneLine(m.text))
        .filter(Boolean)
        .join("\n");
      yield toRecord(
        el.line,
        scan,
        {
          controlId: id,
          title: rule.title ?? id,
          severity: severityOf(el.attrs.severity ?? rule.severity),
          result: outcome,
          rationale: [rule.description, rule.rationale].filter(Boolean).join("\n\n") || null,
          remediation: rule.fix ?? null,
          evidence: messages || null,
          resourceId: target.id ?? null,
          resourceType: "host",
          mappings: rule.mappings,
        },
        raw,
      );
    }
  }
};
