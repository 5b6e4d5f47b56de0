import { Globe, Link2, Server, UserRound } from "lucide-react";
import { useSearchParams } from "react-router";
import { Card, PageHeader } from "@/components/ui/page";
import { SearchResults } from "@/features/search/components/search-results";

const searchable = [
  { icon: Globe, label: "IP addresses", example: "10.0.4.12, 2001:db8::1" },
  { icon: Link2, label: "URLs", example: "https://login.example.com/reset" },
  { icon: Server, label: "Host names", example: "web-01.corp.example" },
  { icon: UserRound, label: "User names", example: "j.doe, jdoe@example.com" },
];

export function SearchRoute() {
  const [params] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  return (
    <>
      <PageHeader
        title="Search"
        description={
          q ? (
            <>
              Results for <strong data-testid="search-query">“{q}”</strong>
            </>
          ) : (
            "Type in the search box in the header and press Enter."
          )
        }
      />
      <div className="space-y-6">
        {q && <SearchResults q={q} />}
        <Card title="What you can search for">
          <ul className="grid gap-3 sm:grid-cols-2">
            {searchable.map(({ icon: Icon, label, example }) => (
              <li key={label} className="flex items-start gap-3">
                <Icon aria-hidden className="mt-0.5 size-5 text-sky-700 dark:text-sky-400" />
                <div>
                  <p className="text-sm font-medium text-slate-900 dark:text-white">{label}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    e.g. {example} — across alerts, incidents, vulnerabilities and assets
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
