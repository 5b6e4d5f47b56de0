import { Link } from "react-router";
import { Card, PageHeader } from "@/components/ui/page";
import { paths } from "@/config/paths";

const linkClass = "font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400";

const shortcuts = [
  { keys: "/", what: "Focus the search box (from md width up)" },
  { keys: "Esc", what: "Close the open menu, popover or navigation sheet" },
  { keys: "↑ ↓", what: "Move between sidebar entries and menu items" },
  { keys: "→ ←", what: "Open or close a sidebar submenu" },
  { keys: "Enter / Space", what: "Follow a sidebar link or toggle a submenu" },
  { keys: "Tab", what: "Move through header controls and page content" },
];

export function HelpRoute() {
  return (
    <>
      <PageHeader title="Help Center" description="How to find your way around Watchfloor." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Navigation">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The sidebar lists every area. Entries with an arrow (Reports, Incidents, Risk, Compliance) open a submenu; only one is
            open at a time and clicking the page closes it. On wide screens (1280px and up) the button at the bottom of the
            sidebar collapses it to icons; on smaller screens the menu button in the header opens it as a sheet.
          </p>
        </Card>
        <Card title="Tenant picker">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The building button in the header scopes every page to one tenant. Pick a tenant to focus on it; pick it again (or
            “All tenants”) to see everything you have access to. The choice is remembered in this browser; set a default under{" "}
            <Link to={paths.settings} className={linkClass}>
              Settings
            </Link>
            .
          </p>
        </Card>
        <Card title="Notifications">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The bell shows how many notifications you have not read, such as a sign-in from a new device or an accepted
            invitation. Open it for the latest, or go to{" "}
            <Link to={paths.notifications} className={linkClass}>
              all notifications
            </Link>{" "}
            to filter and mark them read.
          </p>
        </Card>
        <Card title="Your account">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Under{" "}
            <Link to={paths.profile} className={linkClass}>
              Manage Profile
            </Link>{" "}
            you change your name, title and password and sign out devices you no longer use. If you do not recognise a session,
            sign it out and change your password.
          </p>
        </Card>
        <Card title="API and data ingestion">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The REST API is documented at{" "}
            <a href={paths.apiDocs} className={linkClass}>
              /api/docs
            </a>
            . Integrations authenticate with API keys, which administrators create per tenant under{" "}
            <Link to={`${paths.administration}?tab=api-keys`} className={linkClass}>
              Administration → API keys
            </Link>
            .
          </p>
        </Card>
        <Card title="Keyboard shortcuts">
          <table className="w-full text-sm">
            <caption className="sr-only">Keyboard shortcuts</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600 uppercase dark:text-slate-400">
                <th scope="col" className="pb-2 font-semibold">
                  Keys
                </th>
                <th scope="col" className="pb-2 font-semibold">
                  Action
                </th>
              </tr>
            </thead>
            <tbody>
              {shortcuts.map((s) => (
                <tr key={s.keys} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-2 pr-4">
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
                      {s.keys}
                    </kbd>
                  </td>
                  <td className="py-2 text-slate-700 dark:text-slate-300">{s.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>
    </>
  );
}
