import type { IncidentStatus, Priority, SlaState } from "@watchfloor/shared";
import { cn } from "@/lib/cn";

// Dark text on a light tint (and the reverse in dark mode): every pair passes WCAG AA (4.5:1).
const tone = {
  red: "bg-red-100 text-red-900 ring-red-200 dark:bg-red-950/60 dark:text-red-100 dark:ring-red-900",
  orange: "bg-orange-100 text-orange-900 ring-orange-200 dark:bg-orange-950/60 dark:text-orange-100 dark:ring-orange-900",
  amber: "bg-amber-100 text-amber-900 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-100 dark:ring-amber-900",
  sky: "bg-sky-100 text-sky-900 ring-sky-200 dark:bg-sky-950/60 dark:text-sky-100 dark:ring-sky-900",
  violet: "bg-violet-100 text-violet-900 ring-violet-200 dark:bg-violet-950/60 dark:text-violet-100 dark:ring-violet-900",
  emerald: "bg-emerald-100 text-emerald-900 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-100 dark:ring-emerald-900",
  slate: "bg-slate-100 text-slate-800 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700",
} as const;
type Tone = keyof typeof tone;

export function Badge({
  color,
  children,
  className,
  dot,
}: {
  color: Tone;
  children: React.ReactNode;
  className?: string;
  dot?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tone[color],
        className,
      )}
    >
      {dot && <span aria-hidden className={cn("size-1.5 rounded-full", dot)} />}
      {children}
    </span>
  );
}

const priorityTone: Record<Priority, [Tone, string]> = {
  Critical: ["red", "bg-red-600"],
  High: ["orange", "bg-orange-500"],
  Medium: ["amber", "bg-amber-500"],
  Low: ["slate", "bg-slate-400"],
};

export function PriorityBadge({ priority }: { priority: Priority }) {
  const [color, dot] = priorityTone[priority] ?? priorityTone.Low;
  return (
    <Badge color={color} dot={dot}>
      {priority}
    </Badge>
  );
}

const statusTone: Record<IncidentStatus, Tone> = {
  Open: "sky",
  Acknowledged: "violet",
  "In Progress": "amber",
  Resolved: "emerald",
  Closed: "slate",
};

export function StatusBadge({ status }: { status: IncidentStatus }) {
  return <Badge color={statusTone[status] ?? "slate"}>{status}</Badge>;
}

const slaTone: Record<SlaState, [Tone, string]> = {
  "On track": ["sky", "bg-sky-500"],
  "At risk": ["amber", "bg-amber-500"],
  Met: ["emerald", "bg-emerald-600"],
  Missed: ["red", "bg-red-600"],
};

/** SLA step state; `label` (e.g. "Ack") is read out before the state for screen readers. */
export function SlaBadge({ state, label, prefix }: { state: SlaState | null; label?: string; prefix?: string }) {
  if (!state) return <span className="text-xs text-slate-500 dark:text-slate-400">—</span>;
  const [color, dot] = slaTone[state];
  return (
    <Badge color={color} dot={dot}>
      {label && <span className="sr-only">{label}: </span>}
      {prefix && (
        <span aria-hidden className="font-normal opacity-80">
          {prefix}
        </span>
      )}
      {state}
    </Badge>
  );
}
