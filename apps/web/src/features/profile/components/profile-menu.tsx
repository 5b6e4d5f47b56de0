import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LifeBuoy, LogOut, Settings, User } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { useCurrentUser } from "@/lib/session";

const itemClass =
  "flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 dark:text-slate-100 dark:data-[highlighted]:bg-slate-800";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join("");
}

/** Opens on click, closes on a press outside, Escape, or choosing an item (0.1s animation). */
export function ProfileMenu({ onSignOut }: { onSignOut: () => void }) {
  const user = useCurrentUser();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="profile-trigger"
        className="inline-flex h-10 items-center gap-2 rounded-md pr-1.5 pl-1 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span
          aria-hidden
          className="flex size-8 items-center justify-center rounded-full bg-sky-700 text-xs font-semibold text-white"
        >
          {initials(user.displayName) || "?"}
        </span>
        <span className="hidden text-left leading-tight lg:block">
          <span className="block max-w-[10rem] truncate text-sm font-medium text-slate-900 dark:text-white">
            {user.displayName}
          </span>
          {user.jobTitle && (
            <span className="block max-w-[10rem] truncate text-xs text-slate-600 dark:text-slate-400">{user.jobTitle}</span>
          )}
        </span>
        <span className="sr-only lg:hidden">{user.displayName}</span>
        <span className="sr-only">, account menu</span>
        <ChevronDown aria-hidden className="hidden size-4 text-slate-500 lg:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          data-testid="profile-menu"
          className="z-50 w-60 animate-menu-in rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="px-2.5 py-2">
            <p data-testid="profile-name" className="truncate text-sm font-semibold text-slate-900 dark:text-white">
              {user.displayName}
            </p>
            {user.jobTitle && (
              <p data-testid="profile-title" className="truncate text-xs text-slate-600 dark:text-slate-400">
                {user.jobTitle}
              </p>
            )}
            <p className="truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.profile}>
              <User aria-hidden className="size-4 text-slate-500" /> Manage Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.settings}>
              <Settings aria-hidden className="size-4 text-slate-500" /> Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.help}>
              <LifeBuoy aria-hidden className="size-4 text-slate-500" /> Help Center
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            <LogOut aria-hidden className="size-4 text-slate-500" /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
