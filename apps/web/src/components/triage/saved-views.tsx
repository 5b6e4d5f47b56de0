import * as Popover from "@radix-ui/react-popover";
import type { SavedViewListName } from "@watchfloor/shared";
import { Bookmark, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useDeleteView, useSavedViews, useSaveView } from "@/lib/saved-views";

/**
 * Saved views are the list's URL search string (filters, sort, columns) under a name, per person.
 * Applying one navigates to it on the current list, so the back button returns to the previous one.
 */
export function SavedViews({ list, currentQuery }: { list: SavedViewListName; currentQuery: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const views = useSavedViews(list);
  const save = useSaveView();
  const remove = useDeleteView();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    await save.mutateAsync({ list, name: name.trim(), query: currentQuery }).then(
      () => setName(""),
      () => undefined,
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={buttonClass("secondary", "sm")}>
        <Bookmark aria-hidden className="size-4" /> Views
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Saved views"
          className="z-50 w-[min(92vw,320px)] animate-menu-in rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Saved views</p>
          {views.isPending ? (
            <Spinner label="Loading saved views" />
          ) : views.isError ? (
            <Notice tone="error">{errorMessage(views.error)}</Notice>
          ) : views.data.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No saved views yet. Name the current list below.</p>
          ) : (
            <ul className="max-h-60 space-y-0.5 overflow-y-auto" data-testid="saved-views">
              {views.data.map((v) => (
                <li key={v.id} className="flex items-center gap-1">
                  <Link
                    to={{ search: v.query }}
                    onClick={() => setOpen(false)}
                    className="min-w-0 flex-1 truncate rounded px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                  >
                    {v.name}
                  </Link>
                  <button
                    type="button"
                    aria-label={`Delete view ${v.name}`}
                    onClick={() => remove.mutate(v.id)}
                    className="inline-flex size-7 items-center justify-center rounded text-slate-600 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950/40"
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={submit} className="mt-3 flex gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
            <label htmlFor="view-name" className="sr-only">
              Name for the current view
            </label>
            <input
              id="view-name"
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              placeholder="Name this view"
              className={inputClass}
            />
            <Button type="submit" size="sm" loading={save.isPending} disabled={!name.trim()}>
              Save
            </Button>
          </form>
          {(save.error ?? remove.error) && (
            <div className="mt-2">
              <Notice tone="error">{errorMessage(save.error ?? remove.error)}</Notice>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
