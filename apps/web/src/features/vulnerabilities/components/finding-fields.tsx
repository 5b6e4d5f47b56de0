import type { FindingDetail } from "@watchfloor/shared";
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { PriorityBadge } from "@/components/ui/badges";
import type { Field } from "@/components/ui/field-group";
import { Time } from "@/components/ui/time";
import { findingAssetPath } from "@/config/paths";
import { describeCvssVector } from "../lib/cvss";
import { formatEpss } from "../lib/list-params";
import { DueDate, FindingStatusBadge, KevBadge, none } from "./finding-badges";

type Finding = FindingDetail["finding"];

const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? none : String(v));
const when = (v: string | null) => <Time iso={v} mode="absolute" />;
const linkClass = "font-medium text-sky-800 hover:underline dark:text-sky-300";

function CveList({ ids }: { ids: string[] }) {
  if (ids.length === 0) return none;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {ids.map((id) => (
        <li key={id}>
          {/* NVD's public page: a plain link, nothing is fetched from it. */}
          <a
            href={`https://nvd.nist.gov/vuln/detail/${encodeURIComponent(id)}`}
            target="_blank"
            rel="noreferrer noopener"
            className={`${linkClass} inline-flex items-center gap-1 font-mono text-xs`}
          >
            {id}
            <ExternalLink aria-hidden className="size-3" />
            <span className="sr-only">(NVD, opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function CvssVector({ vector }: { vector: string | null }) {
  if (!vector) return none;
  const described = describeCvssVector(vector);
  return (
    <div className="space-y-1">
      <code className="block font-mono text-xs break-all">{vector}</code>
      {described.length > 0 && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {described.map((m) => `${m.label} ${m.value.toLowerCase()}`).join(" · ")}
        </p>
      )}
    </div>
  );
}

function portText(f: Finding) {
  if (f.port === null && !f.protocol && !f.service) return none;
  return [f.port !== null ? `${f.port}/${f.protocol ?? "tcp"}` : f.protocol, f.service].filter(Boolean).join(" · ");
}

/** Every field of a finding, grouped the way a vulnerability analyst reads it. */
export function findingFieldGroups(f: Finding): { title: string; fields: Field[] }[] {
  return [
    {
      title: "Vulnerability",
      fields: [
        ["Priority", <PriorityBadge key="p" priority={f.priority} />],
        [
          "Score (CVSS)",
          f.score === null ? (
            none
          ) : (
            <span key="s" className="tabular-nums">
              {f.score.toFixed(1)}
            </span>
          ),
        ],
        ["CVEs", <CveList key="c" ids={f.cveIds} />],
        ["CISA KEV", f.kev ? <KevBadge key="k" /> : "Not in the catalog"],
        ["EPSS (highest of its CVEs)", f.epss === null ? none : formatEpss(f.epss)],
        ["CWE", f.cweId ? `${f.cweId}${f.cweName ? ` — ${f.cweName}` : ""}` : none],
        ["CVSS vector", <CvssVector key="v" vector={f.cvssVector} />],
        ["Port, protocol, service", portText(f)],
      ],
    },
    {
      title: "Asset",
      fields: [
        [
          "Asset id",
          <Link key="a" to={findingAssetPath(f.assetId)} className={`${linkClass} font-mono`}>
            {f.assetKey}
          </Link>,
        ],
        ["Name", f.assetName],
        ["Type", text(f.assetType)],
        ["Tenant", f.tenantName],
        ["Department", text(f.department)],
        ["Business impact", text(f.businessImpact)],
        ["Environment", text(f.environment)],
        ["Scanners", f.services.length ? f.services.join(", ") : none],
      ],
    },
    {
      title: "Remediation",
      fields: [
        ["Status", <FindingStatusBadge key="s" status={f.status} />],
        ["Due", <DueDate key="d" dueAt={f.dueAt} overdue={f.overdue} closed={f.status === "Closed"} />],
        ["Assignee", text(f.assignee)],
        ["Close reason", text(f.closeReason)],
        [
          "Remediation action",
          f.remediation ? (
            <span key="r" className="whitespace-pre-line">
              {f.remediation}
            </span>
          ) : (
            none
          ),
        ],
      ],
    },
    {
      title: "Dates",
      fields: [
        ["First seen", when(f.firstSeenAt)],
        ["Last seen", when(f.lastSeenAt)],
        ["Created", when(f.createdAt)],
        ["Updated", when(f.updatedAt)],
        ["Closed", when(f.closedAt)],
      ],
    },
  ];
}
