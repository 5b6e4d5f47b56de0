import { formatChange, formatCount, type ThreatReport } from "@watchfloor/shared";
import { Download } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { csvUrl, layerUrl } from "../lib/params";
import { BarsChart } from "./charts";
import { Paragraph, ReportTable, Summary } from "./parts";

const epss = (v: number | null) => (v == null ? "—" : `${(v * 100).toFixed(1)}%`);

/** ATT&CK activity, where attacks came from and what is being exploited: the threat report. */
export function ThreatReportView({ report: r }: { report: ThreatReport }) {
  const q = r.meta.query;
  return (
    <div className="space-y-6" data-testid="threat-report">
      <Summary lines={r.summary} />
      <div className="grid gap-6 xl:grid-cols-2">
        <Card title="ATT&CK tactics" className="min-w-0">
          {r.tactics.length ? (
            <BarsChart
              horizontal
              height={r.tactics.length > 7 ? "h-[30rem]" : "h-72"}
              categories={r.tactics.map((t) => t.tactic)}
              series={[
                { name: "This period", values: r.tactics.map((t) => t.current) },
                { name: "Before", values: r.tactics.map((t) => t.previous) },
              ]}
              summary={`Alerts by tactic: ${r.tactics.map((t) => `${t.tactic} ${t.current}`).join(", ")}.`}
            />
          ) : (
            <Paragraph>No alert of the period or the one before names a tactic.</Paragraph>
          )}
        </Card>
        <ReportTable
          title="Tactics"
          testId="tactics"
          csv={csvUrl("threat", q, "tactics")}
          empty="No alert of the period or the one before names a tactic."
          columns={[
            { label: "Tactic" },
            { label: "Alerts", numeric: true },
            { label: "Before", numeric: true },
            { label: "Change" },
          ]}
          rows={r.tactics.map((t) => [
            t.tactic,
            formatCount(t.current),
            formatCount(t.previous),
            formatChange(t.current, t.previous),
          ])}
        />
      </div>
      <div className="grid gap-6 xl:grid-cols-5">
        <ReportTable
          className="xl:col-span-3"
          title="Most frequent techniques"
          testId="techniques"
          csv={csvUrl("threat", q, "techniques")}
          note={`${formatCount(r.techniqueCount.current)} techniques seen, against ${formatCount(r.techniqueCount.previous)} before; ${formatCount(r.techniqueCount.new)} new.`}
          empty="No alert of the period names a technique."
          columns={[
            { label: "Technique" },
            { label: "Name" },
            { label: "Alerts", numeric: true },
            { label: "Before", numeric: true },
            { label: "Change" },
          ]}
          rows={r.techniques.map((t) => [
            t.id,
            t.name ?? "—",
            formatCount(t.current),
            formatCount(t.previous),
            t.isNew ? "new" : formatChange(t.current, t.previous),
          ])}
        />
        <ReportTable
          className="xl:col-span-2"
          title="New techniques"
          testId="new-techniques"
          csv={csvUrl("threat", q, "new-techniques")}
          note="Seen in the period and not in the previous one."
          empty="No technique is new against the previous period."
          columns={[{ label: "Technique" }, { label: "Name" }, { label: "Alerts", numeric: true }]}
          rows={r.newTechniques.map((t) => [t.id, t.name ?? "—", formatCount(t.current)])}
        />
      </div>
      <Card title="Where attacks came from">
        <Paragraph testId="sources">
          {formatCount(r.sources.publicAlerts)} alerts came from public addresses, {formatCount(r.sources.internalAlerts)} from
          internal or reserved ones and {formatCount(r.sources.withoutSource)} name no source address. Countries are where the
          address is registered (offline GeoIP).
        </Paragraph>
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        <ReportTable
          title="Top public source addresses"
          testId="addresses"
          csv={csvUrl("threat", q, "addresses")}
          empty="No alert of the period came from a public address."
          columns={[{ label: "Address" }, { label: "Country" }, { label: "Alerts", numeric: true }]}
          rows={r.sources.addresses.map((a) => [a.address, a.countryName ?? "Unknown", formatCount(a.alerts)])}
        />
        <ReportTable
          title="Top source countries"
          testId="countries"
          csv={csvUrl("threat", q, "countries")}
          empty="No public address could be placed in a country."
          columns={[{ label: "Country" }, { label: "Addresses", numeric: true }, { label: "Alerts", numeric: true }]}
          rows={r.sources.countries.map((c) => [c.countryName, formatCount(c.addresses), formatCount(c.alerts)])}
        />
      </div>
      <ReportTable
        title="Exploited CVEs open now (CISA KEV)"
        testId="cves"
        csv={csvUrl("threat", q, "cves")}
        note={`${formatCount(r.cves.total)} CVEs on CISA's list of known exploited vulnerabilities (KEV) are open on ${formatCount(r.cves.kevFindings)} findings now. EPSS is FIRST's probability of exploitation in the next 30 days.`}
        empty="No open finding carries a KEV CVE."
        columns={[
          { label: "CVE" },
          { label: "Name" },
          { label: "Added to KEV" },
          { label: "Ransomware" },
          { label: "EPSS", numeric: true },
          { label: "Open findings", numeric: true },
          { label: "Assets", numeric: true },
          { label: "New in period" },
        ]}
        rows={r.cves.items.map((c) => [
          c.cveId,
          c.name ?? "—",
          c.dateAdded ?? "—",
          c.knownRansomware ? "Yes" : "No",
          epss(c.epss),
          formatCount(c.openFindings),
          formatCount(c.assets),
          c.newInPeriod ? "Yes" : "No",
        ])}
      />
      <Card title="ATT&CK Navigator layer">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Paragraph>
            The period's alert counts per technique ({formatCount(r.layer.techniques)} techniques), ready to open in the ATT&CK
            Navigator. The PDF carries the same file as an attachment.
          </Paragraph>
          <a href={layerUrl(q)} download className={buttonClass("secondary", "sm")} data-testid="download-layer">
            <Download aria-hidden className="size-4" /> {r.layer.fileName}
          </a>
        </div>
      </Card>
    </div>
  );
}
