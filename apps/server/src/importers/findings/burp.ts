import { findingEvidenceMax, type FindingInput, type FindingSeverity } from "@watchfloor/shared";
import { htmlToText, stableKey, urlAsset } from "./fields";
import type { FindingImporter, ImportSource } from "./types";
import { childText, readXml, toPlain, type XmlElement } from "./xml";
import { clip, cveIds, cweId, splitAddress, toEvent, toInformational } from "./values";

const severities: Record<string, FindingSeverity> = { high: "High", medium: "Medium", low: "Low" };

/** The first CWE a classification list links to ("CWE-79: Improper Neutralization ..."). */
function firstCwe(classifications: string | undefined): string | undefined {
  return cweId(classifications?.match(/CWE-(\d+)/i)?.[1]);
}

const detailItems = (issue: XmlElement): string[] =>
  (issue.children.find((c) => c.name === "issueDetailItems")?.children ?? []).map((c) => c.text.trim()).filter(Boolean);

/** The issue's own detail (what Burp saw at this location) and how sure Burp is of it. */
function evidence(issue: XmlElement): string | undefined {
  const items = detailItems(issue).map((t) => `- ${htmlToText(t)}`);
  const parts = [
    htmlToText(childText(issue, "issueDetail")),
    items.join("\n") || undefined,
    `Location: ${childText(issue, "location") ?? childText(issue, "path") ?? "(none)"}`,
    childText(issue, "confidence") ? `Confidence: ${childText(issue, "confidence")}` : undefined,
  ];
  return clip(parts.filter(Boolean).join("\n\n"), findingEvidenceMax);
}

/** `raw` without the request/response pairs: base64 HTTP messages that can run to megabytes. */
function rawIssue(issue: XmlElement): unknown {
  return toPlain({ ...issue, children: issue.children.filter((c) => c.name !== "requestresponse") });
}

export function mapBurpIssue(issue: XmlElement, severity: FindingSeverity): FindingInput {
  const hostElement = issue.children.find((c) => c.name === "host");
  const hostUrl = hostElement?.text.trim();
  const asset = urlAsset(hostUrl);
  const type = childText(issue, "type");
  const location = childText(issue, "location") ?? childText(issue, "path");
  const classifications = childText(issue, "vulnerabilityClassifications");
  const remediation = [childText(issue, "remediationDetail"), childText(issue, "remediationBackground")]
    .map(htmlToText)
    .filter(Boolean)
    .join("\n\n");
  return {
    scanner: "burp",
    // Burp's issue type is stable across scans (serialNumber is not); the location tells two
    // occurrences of one type on one host apart.
    scannerFindingId: type ? stableKey(type, location) : "",
    ip: splitAddress(hostElement?.attrs.ip).ip ?? asset.ip,
    fqdn: asset.fqdn,
    target: hostUrl,
    port: asset.port,
    protocol: asset.port !== undefined ? "tcp" : undefined,
    service: asset.service,
    title: childText(issue, "name") ?? "",
    description: clip(htmlToText(childText(issue, "issueBackground")), 10000),
    severity,
    // Burp has no CVE field: dependency issues name theirs in the detail text and items.
    cveIds: cveIds(
      [childText(issue, "name"), childText(issue, "issueDetail"), childText(issue, "references"), ...detailItems(issue)].map(
        (t) => t ?? "",
      ),
    ),
    cweId: firstCwe(classifications),
    remediation: clip(remediation, 5000),
    evidence: evidence(issue),
    raw: rawIssue(issue),
  };
}

/**
 * Burp Suite "Report issues as XML": issues/issue. Severity Information is advisory output (a
 * cacheable response, a detected framework), not a weakness: skipped and counted, as are issues
 * an analyst marked "False positive". The XML carries no timestamps per issue.
 */
export const importBurp: FindingImporter = async function* (source: ImportSource) {
  const events = readXml(source, {
    roots: ["issues"],
    formatName: "Burp Suite issues",
    capture: (name, parent) => name === "issue" && parent === "issues",
  });
  for await (const event of events) {
    if (event.kind !== "element") continue;
    const issue = event.element;
    const level = (childText(issue, "severity") ?? "").toLowerCase();
    const severity = severities[level];
    if (level === "information" || level === "info") {
      yield toInformational(issue.line, "informational (Burp severity Information)", mapBurpIssue(issue, "Low"));
    } else if (level === "false positive") {
      yield { kind: "skipped", row: issue.line, reason: "false positive" };
    } else if (!severity) {
      const reason = level
        ? `"${childText(issue, "severity")}" is not a Burp severity (High, Medium, Low, Information)`
        : "is missing";
      yield {
        kind: "rejected",
        row: issue.line,
        problems: [{ field: "severity", reason }],
        raw: JSON.stringify(rawIssue(issue)),
      };
    } else {
      yield toEvent(issue.line, mapBurpIssue(issue, severity));
    }
  }
};
