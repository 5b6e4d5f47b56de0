import { formatDateTime, formatRelative } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";

/**
 * An instant in the person's time zone and date format. `mode="relative"` shows "5 min ago"
 * with the absolute time under it (small); `mode="absolute"` the formatted time only.
 */
export function Time({ iso, mode = "both" }: { iso: string | null | undefined; mode?: "both" | "absolute" | "relative" }) {
  const { preferences } = useCurrentUser();
  if (!iso) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const absolute = formatDateTime(iso, preferences);
  if (mode === "absolute") return <time dateTime={iso}>{absolute}</time>;
  if (mode === "relative")
    return (
      <time dateTime={iso} title={absolute}>
        {formatRelative(iso)}
      </time>
    );
  return (
    <time dateTime={iso} title={absolute} className="flex flex-col leading-tight">
      <span>{formatRelative(iso)}</span>
      <span className="text-xs text-slate-600 dark:text-slate-400">{absolute}</span>
    </time>
  );
}
