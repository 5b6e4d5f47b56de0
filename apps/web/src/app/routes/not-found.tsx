import { SearchX } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { paths } from "@/config/paths";

export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <SearchX aria-hidden className="mx-auto size-10 text-slate-500" />
      <h1 className="mt-4 text-2xl font-semibold text-slate-900 dark:text-white">Page not found</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Nothing lives at <code className="rounded bg-slate-100 px-1 font-mono dark:bg-slate-800">{pathname}</code>.
      </p>
      <Link to={paths.dashboard} className={`${buttonClass("primary")} mt-6`}>
        Back to dashboard
      </Link>
    </div>
  );
}
