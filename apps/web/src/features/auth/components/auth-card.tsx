import type { ReactNode } from "react";
import { Logo } from "@/components/ui/logo";

/** The bare frame of /login and /signup: no sidebar, no header. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100 md:flex-row dark:bg-slate-950">
      <div className="hidden flex-col justify-between bg-slate-900 p-10 text-slate-100 md:flex md:w-[42%] lg:w-[38%]">
        <Logo />
        <div className="space-y-4">
          <p className="text-3xl leading-tight font-semibold text-white">One watch floor for every tenant you protect.</p>
          <p className="text-sm text-slate-300">
            Alerts, incidents, risk and compliance across your organisations, in one place.
          </p>
        </div>
        <p className="text-xs text-slate-400">Watchfloor security operations</p>
      </div>
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <div className="w-full max-w-md">
          <div className="mb-8 md:hidden">
            <Logo tone="light" />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          {subtitle && <div className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{subtitle}</div>}
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            {children}
          </div>
          {footer && <div className="mt-4 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
