import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

type Props = {
  /** Where the record's list is ("Open alerts", "Vulnerabilities"). */
  back: { to: string; label: string };
  title: string;
  /** A line above the title (an incident's reference). */
  kicker?: ReactNode;
  /** What follows the title: `DetailMeta` with badges, tenant and times, or a plain line. */
  children?: ReactNode;
};

/** The top of a record's page (alert, incident, finding, asset): back to its list, the title, its facts. */
export function DetailHeader({ back, title, kicker, children }: Props) {
  return (
    <div>
      <Link
        to={back.to}
        className="inline-flex items-center gap-1 text-sm font-medium text-sky-800 hover:underline dark:text-sky-300"
      >
        <ArrowLeft aria-hidden className="size-4" /> {back.label}
      </Link>
      {kicker && <p className="mt-2 font-mono text-sm text-slate-600 dark:text-slate-400">{kicker}</p>}
      <h1 className={`${kicker ? "" : "mt-2 "}text-2xl font-semibold tracking-tight break-words text-slate-900 dark:text-white`}>
        {title}
      </h1>
      {children}
    </div>
  );
}

/** The record's badges and facts under its title, wrapping on narrow screens. */
export function DetailMeta({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">{children}</div>;
}
