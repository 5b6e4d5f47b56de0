import { type ComplianceFramework, complianceFrameworkLabels, type ComplianceTargetKind } from "@watchfloor/shared";
import { Download } from "lucide-react";
import { type ReactNode, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { SmallTable } from "@/components/ui/report-parts";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import {
  evidencePackPath,
  evidencePdfPath,
  type FrameworkScore,
  type RequirementScore,
  useFrameworkScores,
  useRequirementScores,
} from "../api/get-compliance";
import { PassRate } from "@/components/ui/compliance-badges";
import { Time } from "@/components/ui/time";

/** A framework's card: a button that shows its requirements below the cards. */
function CardButton({
  framework,
  selected,
  dashed,
  onSelect,
  children,
}: {
  framework: ComplianceFramework;
  selected: boolean;
  dashed?: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  const border = selected
    ? "border-sky-600 bg-sky-50 dark:border-sky-500 dark:bg-sky-950/40"
    : dashed
      ? "border-slate-300 dark:border-slate-700"
      : "border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700";
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        data-testid={`framework-${framework}`}
        className={`w-full rounded-lg border px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-sky-600 ${dashed ? "border-dashed" : ""} ${border}`}
      >
        <span className="block text-sm font-semibold text-slate-900 dark:text-white">{complianceFrameworkLabels[framework]}</span>
        {children}
      </button>
    </li>
  );
}

function AlertCount({ alerts, days }: { alerts: number; days: number }) {
  return (
    <span className="block text-xs text-slate-600 dark:text-slate-400">
      {alerts.toLocaleString("en")} {alerts === 1 ? "alert" : "alerts"} tagged in {days} days
    </span>
  );
}

function FrameworkCard({
  score,
  days,
  selected,
  onSelect,
}: {
  score: FrameworkScore;
  days: number;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <CardButton framework={score.framework} selected={selected} onSelect={onSelect}>
      <span className="mt-2 block">
        <PassRate rate={score.passRate} label={`${complianceFrameworkLabels[score.framework]} pass rate`} />
      </span>
      <span className="mt-2 block text-xs text-slate-600 dark:text-slate-400">
        {score.pass} pass · {score.fail} fail · {score.error} error{score.excepted > 0 ? ` · ${score.excepted} excepted` : ""}
      </span>
      <span className="block text-xs text-slate-600 dark:text-slate-400">
        {score.requirementsFailing} of {score.requirements} requirements failing
      </span>
      {score.alerts > 0 && <AlertCount alerts={score.alerts} days={days} />}
    </CardButton>
  );
}

const tagList = (tags: RequirementScore["alertTags"]) =>
  tags.length === 0 ? "—" : tags.map((t) => `${t.requirement}: ${t.alerts.toLocaleString("en")}`).join(", ");

function Requirements({ framework, targetKind }: { framework: ComplianceFramework; targetKind?: ComplianceTargetKind }) {
  const requirements = useRequirementScores(framework, targetKind);
  if (requirements.isError) return <ErrorState error={requirements.error} onRetry={() => requirements.refetch()} />;
  if (requirements.isPending) return <LoadingState label="Loading requirements" />;
  const { alertOnly, alertWindowDays: days } = requirements.data;
  const items = [...requirements.data.items].sort((a, b) => (a.passRate ?? 101) - (b.passRate ?? 101));
  return (
    <div className="space-y-4">
      {items.length > 0 && (
        <SmallTable
          caption={`${complianceFrameworkLabels[framework]} requirements`}
          testId="requirements-table"
          head={["Requirement", "Source", "Pass rate", "Fail", "Excepted", "Controls", `Alerts (${days} d)`]}
          rows={items.map((r) => [
            <span key="r" className="font-medium">
              {r.requirement}
            </span>,
            r.source,
            <PassRate key="p" rate={r.passRate} label={`${r.source} ${r.requirement} pass rate`} />,
            r.fail + r.error,
            r.excepted,
            r.controls,
            <span key="a" className="text-xs">
              {tagList(r.alertTags)}
            </span>,
          ])}
        />
      )}
      {alertOnly.length > 0 && (
        <SmallTable
          caption={`${complianceFrameworkLabels[framework]} requirements with alert activity and no scan result`}
          testId="alert-only-requirements"
          head={["Requirement (alert tag)", `Alerts (${days} d)`, "Last alert"]}
          rows={alertOnly.map((t) => [
            <span key="r" className="font-medium">
              {t.requirement}
            </span>,
            t.alerts.toLocaleString("en"),
            <Time key="t" iso={t.lastAlertAt} />,
          ])}
        />
      )}
    </div>
  );
}

/** A score per framework through the tools' own mappings; a chosen framework shows its requirements and its evidence pack. */
export function FrameworkScores({ targetKind }: { targetKind?: ComplianceTargetKind }) {
  const scores = useFrameworkScores(targetKind);
  const [chosen, setChosen] = useState<ComplianceFramework | null>(null);
  if (scores.isError) return <ErrorState error={scores.error} onRetry={() => scores.refetch()} />;
  if (scores.isPending) return <LoadingState label="Loading framework scores" />;
  const { items, alertOnly, alertWindowDays: days } = scores.data;
  const framework = chosen ?? items[0]?.framework ?? alertOnly[0]?.framework ?? null;
  return (
    <Card
      title="Framework scores"
      actions={
        framework && (
          <span className="flex flex-wrap gap-2">
            <a href={evidencePdfPath(framework)} className={buttonClass("secondary", "sm")} download>
              <Download aria-hidden className="size-4" /> Evidence pack (PDF)
            </a>
            <a href={evidencePackPath(framework)} className={buttonClass("secondary", "sm")} download>
              <Download aria-hidden className="size-4" /> CSV
            </a>
          </span>
        )
      }
    >
      {items.length === 0 && alertOnly.length === 0 ? (
        <EmptyState title="No framework mappings yet">
          Scores appear once imported results carry framework mappings (Prowler, ScoutSuite, Wazuh SCA and OpenSCAP ship them).
        </EmptyState>
      ) : (
        <div className="space-y-5">
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {items.map((s) => (
              <FrameworkCard
                key={s.framework}
                score={s}
                days={days}
                selected={s.framework === framework}
                onSelect={() => setChosen(s.framework)}
              />
            ))}
            {alertOnly.map((a) => (
              <CardButton
                key={a.framework}
                framework={a.framework}
                dashed
                selected={a.framework === framework}
                onSelect={() => setChosen(a.framework)}
              >
                <span className="mt-2 block text-xs text-slate-600 dark:text-slate-400">No scan results map to it</span>
                <AlertCount alerts={a.alerts} days={days} />
              </CardButton>
            ))}
          </ul>
          {framework && <Requirements framework={framework} targetKind={targetKind} />}
        </div>
      )}
    </Card>
  );
}
