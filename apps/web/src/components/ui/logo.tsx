import { Link } from "react-router";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

/**
 * Shield mark + wordmark. The link is named "Unified security logo" (product-wide name); the
 * wordmark sits outside the link so the visible text never contradicts that name (axe
 * label-content-name-mismatch), and a stretched ::after makes the whole logo clickable.
 * `compact` keeps only the mark (collapsed sidebar).
 */
export function Logo({
  compact = false,
  className,
  tone = "dark",
}: {
  compact?: boolean;
  className?: string;
  tone?: "dark" | "light";
}) {
  return (
    <div className={cn("relative inline-flex items-center gap-2.5", className)}>
      <Link
        to={paths.home}
        aria-label="Unified security logo"
        className="rounded-md after:absolute after:inset-0 after:content-['']"
      >
        <svg aria-hidden viewBox="0 0 32 32" className="size-8 shrink-0">
          <path d="M16 2 4 6.5v8.8c0 7.3 5 13.2 12 14.7 7-1.5 12-7.4 12-14.7V6.5z" fill="#0ea5e9" />
          <path d="M16 2v28c7-1.5 12-7.4 12-14.7V6.5z" fill="#0369a1" opacity=".55" />
          <path
            d="m10.5 16 3.8 3.8 7.4-7.6"
            fill="none"
            stroke="#fff"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </Link>
      {!compact && (
        <span
          aria-hidden
          className={cn(
            "text-lg font-semibold tracking-tight",
            tone === "dark" ? "text-white" : "text-slate-900 dark:text-white",
          )}
        >
          Watchfloor
        </span>
      )}
    </div>
  );
}
