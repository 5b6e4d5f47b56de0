import type { CloudSecService } from "@watchfloor/shared";
import { Link, useSearchParams } from "react-router";
import { Card } from "@/components/ui/page";
import { withFilters } from "../lib/cloud-sec-params";

const SHOWN = 12;

/**
 * Misconfigurations by service as a bar list: each bar is a link that filters the resources
 * to the service. The figures are the text; the bars only draw them.
 */
export function ServiceBars({ services }: { services: CloudSecService[] }) {
  const [params] = useSearchParams();
  const failing = services.filter((s) => s.failing > 0);
  const top = failing.slice(0, SHOWN);
  const max = Math.max(1, ...top.map((s) => s.failing));
  return (
    <Card title="Misconfigurations by service" className="min-w-0">
      {top.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No service has a failing check.</p>
      ) : (
        <ol className="space-y-1" data-testid="service-bars">
          {top.map((s) => {
            const name = s.service ?? "no service";
            return (
              <li key={name}>
                <Link
                  to={{ search: withFilters(params, { service: s.service ?? undefined, category: undefined }).toString() }}
                  className="group grid grid-cols-[7rem_1fr_auto] items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-slate-800"
                  data-testid="service-bar"
                  data-service={name}
                >
                  <span className="truncate font-medium text-slate-900 dark:text-white">{name}</span>
                  <span aria-hidden className="h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
                    <span className="block h-full rounded-full bg-orange-500" style={{ width: `${(s.failing / max) * 100}%` }} />
                  </span>
                  <span className="text-right text-slate-700 tabular-nums dark:text-slate-300">
                    <span className="font-semibold text-slate-900 dark:text-white">{s.failing}</span> failing
                    <span className="sr-only">
                      {" "}
                      on {s.resourcesFailing} of {s.resources} {s.resources === 1 ? "resource" : "resources"}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      )}
      {failing.length > SHOWN && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {failing.length - SHOWN} more services with failing checks: filter the resources by service below.
        </p>
      )}
    </Card>
  );
}
