import { ArrowLeft, CircleAlert, RefreshCw } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button, buttonClass } from "@/components/ui/button";
import { paths } from "@/config/paths";

function describe(error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    return {
      title: error.status === 404 ? "Page not found" : `Error ${error.status}`,
      message: error.statusText || "The page could not be shown.",
    };
  }
  if (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  ) {
    return {
      title: "This page could not be loaded",
      message: "The connection dropped or a new version was deployed. Reload to try again.",
    };
  }
  return { title: "Something went wrong", message: error instanceof Error ? error.message : "The page could not be shown." };
}

/** The errorElement of the router: shown when a route change fails (the spinner has stopped). */
export function RouteError({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const { title, message } = describe(error);
  const body = (
    <div role="alert" data-testid="route-error" className="mx-auto max-w-lg py-16 text-center">
      <CircleAlert aria-hidden className="mx-auto size-10 text-red-600 dark:text-red-400" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{message}</p>
      <div className="mt-6 flex justify-center gap-2">
        <Link to={paths.dashboard} className={buttonClass("secondary")}>
          <ArrowLeft aria-hidden className="size-4" /> Back to dashboard
        </Link>
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden className="size-4" /> Reload
        </Button>
      </div>
    </div>
  );
  if (inLayout) return body;
  return <main className="min-h-dvh bg-slate-50 px-4 dark:bg-slate-950">{body}</main>;
}
