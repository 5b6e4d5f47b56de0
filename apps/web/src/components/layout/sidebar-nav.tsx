import * as Popover from "@radix-ui/react-popover";
import { ChevronDown } from "lucide-react";
import { Fragment, type KeyboardEvent, useRef } from "react";
import { Link, useLocation } from "react-router";
import { type MenuEntry, menu } from "@/config/menu";
import { cn } from "@/lib/cn";

type SidebarNavProps = {
  expanded: boolean;
  openId: string | null;
  onOpenChange: (id: string | null) => void;
  /** Called after a link is followed (closes the mobile sheet). */
  onNavigate?: () => void;
};

const itemBase =
  "group flex w-full items-center gap-3 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-sky-400";
const idle = "text-slate-300 hover:bg-slate-800 hover:text-white";
const active = "bg-sky-500/15 text-white ring-1 ring-inset ring-sky-400/40";
const parentActive = "text-white";

function isParentActive(entry: MenuEntry, pathname: string): boolean {
  return pathname === entry.path || (entry.subItems ?? []).some((s) => s.path === pathname);
}

/** Focusable menu items in DOM order, skipping closed submenus (they are inert). */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>("[data-nav-item]")).filter((el) => !el.closest("[inert]"));
}

export function SidebarNav({ expanded, openId, onOpenChange, onNavigate }: SidebarNavProps) {
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);

  function focusLater(selector: string) {
    // The submenu becomes focusable only after React re-renders it without `inert`.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    const flyout = target.closest<HTMLElement>("[data-flyout]");
    const root = flyout ?? listRef.current;
    if (!root || !target.matches("[data-nav-item]")) return;
    const items = focusables(root);
    const index = items.indexOf(target);
    const parentId = target.dataset.parentId;
    const ownId = target.dataset.entryId;
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        return move(index + 1);
      case "ArrowUp":
        return move(index - 1);
      case "Home":
        return move(0);
      case "End":
        return move(items.length - 1);
      case "ArrowRight":
        if (target.dataset.hasSub && ownId) {
          event.preventDefault();
          onOpenChange(ownId);
          focusLater(`[data-parent-id="${ownId}"]`);
        }
        return;
      case "ArrowLeft":
        if (parentId) {
          event.preventDefault();
          onOpenChange(null);
          focusLater(`[data-entry-id="${parentId}"]`);
        } else if (target.dataset.hasSub && openId === ownId) {
          event.preventDefault();
          onOpenChange(null);
        }
        return;
      case " ":
        // Links activate on Enter only; the brief asks Space to work as well.
        if (target.tagName === "A") {
          event.preventDefault();
          target.click();
        }
        return;
    }
  }

  return (
    <ul ref={listRef} className="space-y-1" onKeyDown={onKeyDown}>
      {menu.map((entry) => {
        const Icon = entry.icon;
        const open = openId === entry.id;
        const current = entry.path === pathname;
        const highlighted = isParentActive(entry, pathname);
        const label = (
          <>
            <Icon
              aria-hidden
              className={cn("size-5 shrink-0", highlighted ? "text-sky-300" : "text-slate-400 group-hover:text-slate-200")}
            />
            <span className={cn("truncate", !expanded && "sr-only")}>{entry.label}</span>
          </>
        );
        const pad = expanded ? "px-3 py-2" : "justify-center px-0 py-2";
        const heading = entry.heading && (
          <li key={`${entry.id}-heading`} aria-hidden={!expanded} className={cn("pt-5 pb-1", expanded ? "px-3" : "px-2")}>
            {expanded ? (
              <span className="text-[11px] font-semibold tracking-wider text-slate-400 uppercase">{entry.heading}</span>
            ) : (
              <span className="block border-t border-slate-700" />
            )}
          </li>
        );

        if (!entry.subItems) {
          return (
            <Fragment key={entry.id}>
              {heading}
              <li>
                <Link
                  to={entry.path ?? "/"}
                  data-nav-item
                  data-entry-id={entry.id}
                  aria-current={current ? "page" : undefined}
                  aria-label={expanded ? undefined : entry.label}
                  title={expanded ? undefined : entry.label}
                  onClick={() => onNavigate?.()}
                  className={cn(itemBase, pad, current ? active : idle)}
                >
                  {label}
                </Link>
              </li>
            </Fragment>
          );
        }

        const submenuId = `submenu-${entry.id}`;
        const trigger = (
          <button
            type="button"
            data-nav-item
            data-entry-id={entry.id}
            data-has-sub="true"
            data-active={highlighted ? "true" : undefined}
            aria-expanded={open}
            aria-controls={expanded ? submenuId : undefined}
            aria-label={expanded ? undefined : entry.label}
            title={expanded ? undefined : entry.label}
            onClick={expanded ? () => onOpenChange(open ? null : entry.id) : undefined}
            className={cn(itemBase, pad, highlighted ? cn(parentActive, "bg-slate-800/70") : idle)}
          >
            {label}
            {expanded && (
              <ChevronDown
                aria-hidden
                className={cn("ml-auto size-4 text-slate-400 transition-transform duration-300", open && "rotate-180")}
              />
            )}
          </button>
        );
        const subLinks = (inFlyout: boolean) =>
          entry.subItems?.map((sub) => {
            const subCurrent = sub.path === pathname;
            return (
              <li key={sub.id}>
                <Link
                  to={sub.path}
                  data-nav-item
                  data-parent-id={entry.id}
                  aria-current={subCurrent ? "page" : undefined}
                  onClick={() => {
                    if (inFlyout) onOpenChange(null);
                    onNavigate?.();
                  }}
                  className={cn(
                    itemBase,
                    "py-2 pr-3 font-normal",
                    inFlyout ? "pl-3" : "pl-11",
                    subCurrent ? active : "text-slate-300 hover:bg-slate-800 hover:text-white",
                  )}
                >
                  <span className="truncate">{sub.label}</span>
                </Link>
              </li>
            );
          });

        return (
          <Fragment key={entry.id}>
            {heading}
            <li>
              {expanded ? (
                <>
                  {trigger}
                  {/* grid-rows 0fr→1fr animates to the content's natural height without measuring it */}
                  <div
                    id={submenuId}
                    data-submenu={entry.id}
                    data-state={open ? "open" : "closed"}
                    inert={!open}
                    className={cn(
                      "grid transition-[grid-template-rows,opacity] duration-300 ease-in-out motion-reduce:transition-none",
                      open ? "grid-rows-[1fr] opacity-100" : "grid-rows-[0fr] opacity-0",
                    )}
                  >
                    <ul className="space-y-0.5 overflow-hidden pt-1">{subLinks(false)}</ul>
                  </div>
                </>
              ) : (
                <Popover.Root open={open} onOpenChange={(next) => onOpenChange(next ? entry.id : null)}>
                  <Popover.Trigger asChild>{trigger}</Popover.Trigger>
                  <Popover.Portal>
                    <Popover.Content
                      side="right"
                      align="start"
                      sideOffset={10}
                      data-flyout
                      data-submenu={entry.id}
                      aria-label={`${entry.label} menu`}
                      className="z-50 min-w-52 animate-menu-in rounded-lg border border-slate-700 bg-slate-900 p-2 shadow-xl"
                    >
                      <p className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wider text-slate-400 uppercase">
                        {entry.label}
                      </p>
                      <ul className="space-y-0.5">{subLinks(true)}</ul>
                    </Popover.Content>
                  </Popover.Portal>
                </Popover.Root>
              )}
            </li>
          </Fragment>
        );
      })}
    </ul>
  );
}
