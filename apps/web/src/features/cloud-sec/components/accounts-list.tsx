import type { CloudSecAccount } from "@watchfloor/shared";
import { Link, useSearchParams } from "react-router";
import { Card } from "@/components/ui/page";
import { complianceTargetPath } from "@/config/paths";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { accountLabel, withFilters } from "../lib/cloud-sec-params";

const SHOWN = 8;

/** The accounts seen in the latest scans: which tools saw them and when, and what fails there. */
export function AccountsList({
  accounts,
  tenantName,
  showTenant,
}: {
  accounts: CloudSecAccount[];
  tenantName: (id: string) => string;
  showTenant: boolean;
}) {
  const [params] = useSearchParams();
  const { preferences } = useCurrentUser();
  return (
    <Card title="Accounts seen in scans" className="min-w-0">
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="cloud-sec-accounts-list">
        {accounts.slice(0, SHOWN).map((a) => (
          <li key={`${a.tenantId} ${a.accountId}`} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5">
            <div className="min-w-0">
              <Link
                to={{ search: withFilters(params, { account: a.accountId }).toString(), hash: "resources" }}
                className="font-medium wrap-anywhere text-slate-900 hover:text-sky-700 hover:underline dark:text-white dark:hover:text-sky-400"
              >
                {accountLabel(a)}
              </Link>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {[
                  showTenant ? tenantName(a.tenantId) : null,
                  a.tools.join(", "),
                  `scanned ${formatDateTime(a.lastScannedAt, preferences, false)}`,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            <div className="flex flex-col items-start text-sm sm:items-end">
              <p className="text-slate-700 dark:text-slate-300">
                <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{a.failing}</span> failing ·{" "}
                {a.resourcesFailing} of {a.resources} {a.resources === 1 ? "resource" : "resources"}
              </p>
              <Link
                to={complianceTargetPath({ tenantId: a.tenantId, targetKind: "cloud-account", targetId: a.accountId })}
                className="text-xs font-medium text-sky-800 hover:underline dark:text-sky-300"
              >
                Compliance view<span className="sr-only"> of {accountLabel(a)}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {accounts.length > SHOWN && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {accounts.length - SHOWN} more accounts: choose one in the resource filters below.
        </p>
      )}
    </Card>
  );
}
