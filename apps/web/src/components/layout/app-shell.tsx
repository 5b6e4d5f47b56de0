import * as Dialog from "@radix-ui/react-dialog";
import { layout } from "@watchfloor/shared";
import { Menu, X } from "lucide-react";
import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Logo } from "@/components/ui/logo";
import { Sidebar } from "./sidebar";
import { useMediaQuery, useSidebarExpanded } from "./use-sidebar-state";

type AppShellProps = {
  /** Rendered in the header from md up (the spec hides the search below md). */
  search: ReactNode;
  /** Tenant picker, notifications, profile: composed by the route, since they are features. */
  actions: ReactNode;
  children: ReactNode;
};

/**
 * Sidebar + header + scrolling content. Docked sidebar: hidden below md (the sheet is the only
 * menu there), shown between md and xl with the 780px auto-expand rule, fixed at xl with a
 * toggle. The hamburger (below xl) opens the full sidebar as a left sheet.
 */
export function AppShell({ search, actions, children }: AppShellProps) {
  const [expanded, setExpanded] = useSidebarExpanded();
  const [openId, setOpenId] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const isXl = useMediaQuery("(min-width: 1280px)");
  const { pathname } = useLocation();

  // The sheet exists only below xl; a window widened past it must not leave a stray overlay.
  useEffect(() => {
    if (isXl) setSheetOpen(false);
  }, [isXl]);

  // A navigation from anywhere (search, a link in the content) also closes the sheet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    setSheetOpen(false);
  }, [pathname]);

  const width = expanded ? layout.sidebarExpandedPx : layout.sidebarCollapsedPx;
  const style = { "--sidebar-w": `${width}px`, "--header-h": `${layout.headerPx}px` } as CSSProperties;

  return (
    <div className="flex h-dvh overflow-hidden" style={style}>
      <aside
        data-testid="docked-sidebar"
        data-expanded={expanded ? "true" : "false"}
        className="hidden h-dvh w-[var(--sidebar-w)] shrink-0 border-r border-slate-800 transition-[width] duration-300 ease-in-out motion-reduce:transition-none md:block xl:fixed xl:inset-y-0 xl:left-0 xl:z-30"
      >
        <Sidebar expanded={expanded} openId={openId} onOpenChange={setOpenId} onToggle={() => setExpanded(!expanded)} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col transition-[padding] duration-300 xl:pl-[var(--sidebar-w)]">
        <header className="flex h-[var(--header-h)] shrink-0 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:gap-3 sm:px-5 dark:border-slate-800 dark:bg-slate-900/95">
          <Dialog.Root open={sheetOpen} onOpenChange={setSheetOpen}>
            <Dialog.Trigger asChild>
              <button
                type="button"
                data-testid="hamburger"
                aria-label="Open navigation menu"
                className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 xl:hidden dark:text-slate-200 dark:hover:bg-slate-800"
              >
                <Menu aria-hidden className="size-5" />
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-slate-950/60 xl:hidden" />
              <Dialog.Content
                data-testid="sidebar-sheet"
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 w-[min(85vw,var(--sheet-w))] animate-sheet-in shadow-2xl outline-none xl:hidden"
                style={{ "--sheet-w": `${layout.sidebarExpandedPx}px` } as CSSProperties}
              >
                <Dialog.Title className="sr-only">Navigation menu</Dialog.Title>
                <Sidebar expanded openId={openId} onOpenChange={setOpenId} onNavigate={() => setSheetOpen(false)} />
                <Dialog.Close asChild>
                  <button
                    type="button"
                    aria-label="Close navigation menu"
                    className="absolute top-4 right-3 inline-flex size-9 items-center justify-center rounded-md text-slate-300 hover:bg-slate-800 hover:text-white"
                  >
                    <X aria-hidden className="size-5" />
                  </button>
                </Dialog.Close>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <div className="md:hidden">
            <Logo compact />
          </div>
          <div className="hidden max-w-md flex-1 md:block">{search}</div>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">{actions}</div>
        </header>
        <main
          id="main"
          data-testid="content"
          tabIndex={-1}
          onPointerDown={() => setOpenId(null)}
          // relative: absolutely placed descendants (sr-only text, virtual rows, tooltips) are
          // contained here, so they scroll with the content instead of stretching the page.
          className="relative h-[calc(100dvh-70px)] overflow-y-auto focus:outline-none"
        >
          <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">{children}</div>
        </main>
      </div>
    </div>
  );
}
